import { sql } from 'drizzle-orm';
import { idCardCheckChar, parseIdCard } from '@hall/shared';
import type { Db } from '../client';
import type { Clock } from '../../lib/clock';
import { DEMO_REGISTRY_FILE } from './demo-business';
import { demoPasswordHash } from './demo-data';

/**
 * The union organisation pages of the demo (issue 10), on top of seedDemo and seedDemoBusiness:
 * the 92 union's enterprises in every notification state (星辰科技 已申报 with its submitted
 * application, 远航物流 未通知, 湘江食品 已通知: insured, with three staff, so it can declare;
 * 麓山建材 已撤销申报) and a third branch of the 93 union (已授权) beside 建工集团 (已授权) and
 * 路桥公司 (已解除授权). Idempotent. The extra units log in with the demo password like the others.
 */
/** Valid ID numbers of the extra staff (a district and birthdays of their own). */
function certNo(n: number): string {
  const body = `430181${1975 + n}0${1 + n}1${n}${String(560 + n).slice(-3)}`;
  return body + idCardCheckChar(body);
}
const STAFF = [
  { certNo: certNo(1), name: '孙立' },
  { certNo: certNo(2), name: '钱芳' },
  { certNo: certNo(3), name: '郑浩' },
];

export const DEMO_ORG_UNITS = [
  {
    uact: 'qydw92103',
    name: '湘江食品有限公司',
    parent: 'lhgh92001',
    uscc: '91430100MA4L3050EE',
    notify: '1',
    auth: null,
    contact: '赵磊',
    insured: true,
  },
  {
    uact: 'qydw92104',
    name: '麓山建材有限公司',
    parent: 'lhgh92001',
    uscc: '91430100MA4L3060F7',
    notify: '2',
    auth: null,
    contact: '黄婷',
    insured: false,
  },
  {
    uact: 'fhgh93103',
    name: '城建公司分会',
    parent: 'hygh93001',
    uscc: '91430100MA4L3070G0',
    notify: null,
    auth: '1',
    contact: '周鹏',
    insured: false,
  },
] as const;

/** The start banner's line of each, without its insurance (demo-accounts.ts adds it from `insured`). */
export const DEMO_ORG_ROLES: Record<(typeof DEMO_ORG_UNITS)[number]['uact'], string> = {
  qydw92103: '二级 · 联合基层工会下属企业（已通知，可申报）',
  qydw92104: '二级 · 联合基层工会下属企业（已撤销申报）',
  fhgh93103: '二级 · 行业工会下属分会（已授权）',
};

export async function seedDemoOrg(db: Db, clock: Clock, city: string): Promise<boolean> {
  const done = (await db.execute(sql`select 1 from units where uact = ${DEMO_ORG_UNITS[0].uact}`)) as unknown as { rows: unknown[] };
  if (done.rows.length) return false;
  const now = clock.now();
  const passwordHash = await demoPasswordHash();
  await db.transaction(async (tx) => {
    for (const [i, u] of DEMO_ORG_UNITS.entries()) {
      await tx.execute(sql`insert into units (uact, emp_name, uscc, level, parent_id, region_code, insured, auth_state, notify_state,
          contact_tel, address, info_complete, created_at)
        select ${u.uact}, ${city + u.name}, ${u.uscc}, 2, p.id, '430100', false, ${u.auth}, ${u.notify},
          ${`1390731${String(9001 + i)}`}, ${`${city}岳麓区示范路${20 + i}号`}, true, ${now}
        from units p where p.uact = ${u.parent}`);
      await tx.execute(sql`insert into accounts (login_type, login_name, unit_id, password_hash, created_at)
        select 'unit', ${u.uact}, id, ${passwordHash}, ${now} from units where uact = ${u.uact}`);
      await tx.execute(sql`insert into unit_profiles (unit_id, contact_name, updated_at)
        select id, ${u.contact}, ${now} from units where uact = ${u.uact}`);
    }
    // 湘江食品 is insured (the bureau's registry says so) with three insured staff: it can declare.
    const [load] = (
      (await tx.execute(sql`select id from registry_loads where file_name = ${DEMO_REGISTRY_FILE}`)) as unknown as {
        rows: Array<{ id: number }>;
      }
    ).rows;
    if (load) {
      for (const u of DEMO_ORG_UNITS.filter((x) => x.insured))
        await tx.execute(sql`update units set insured = true where uact = ${u.uact}`);
      await tx.execute(sql`insert into insured_registry (kind, code, name, active, since, load_id)
        values ('unit', ${DEMO_ORG_UNITS[0].uscc}, ${city + DEMO_ORG_UNITS[0].name}, true, '2018-01-01', ${load.id}) on conflict do nothing`);
      for (const p of STAFF) {
        const parsed = parseIdCard(p.certNo)!;
        await tx.execute(sql`insert into insured_registry (kind, code, name, active, since, load_id)
          values ('person', ${p.certNo}, ${p.name}, true, '2018-01-01', ${load.id}) on conflict do nothing`);
        await tx.execute(sql`insert into persons (cert_type, cert_no, name, gender, birth_date, insured, created_at)
          values ('01', ${p.certNo}, ${p.name}, ${parsed.gender}, ${parsed.birthDate}, true, ${now}) on conflict do nothing`);
        await tx.execute(sql`insert into staff (unit_id, person_id, psn_type, joined_on, created_at, updated_at)
          select u.id, p.id, '1', '2019-03-01', ${now}, ${now} from units u, persons p
          where u.uact = 'qydw92103' and p.cert_type = '01' and p.cert_no = ${p.certNo} on conflict do nothing`);
      }
    }
    // 星辰科技 has submitted next year's application (seedDemoBusiness): it has declared.
    await tx.execute(sql`update units set notify_state = '3' where uact = 'qydw92101'
      and exists (select 1 from applications a where a.unit_id = units.id and a.state in ('submitted', 'returned', 'unpaid', 'paid'))`);
  });
  return true;
}
