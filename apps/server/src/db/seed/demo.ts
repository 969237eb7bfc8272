import { and, eq } from 'drizzle-orm';
import { cityUnion, idCardCheckChar, parseIdCard } from '@hall/shared';
import type { Clock } from '../../lib/clock';
import type { FileStore } from '../../lib/storage';
import type { Db } from '../client';
import { accounts, mailMessages, persons, staff, units } from '../schema';
import { seedPeriods } from './periods';
import { DEMO_PERSONS, DEMO_UNITS, demoPasswordHash, STAFF_NAMES } from './demo-data';
import { seedDemoNotices } from './notices';
import { seedDemoOperator } from './demo-operator';

/** A valid ID number for the n-th generated worker of a unit (deterministic, so the seed is idempotent). */
function staffCertNo(unitIndex: number, n: number): string {
  const district = ['430102', '430103', '430104', '430105', '430111', '430112', '430121'][unitIndex % 7];
  const year = 1968 + ((unitIndex * 7 + n * 3) % 36);
  const month = String(1 + ((n * 5 + unitIndex) % 12)).padStart(2, '0');
  const day = String(1 + ((n * 11 + unitIndex * 3) % 28)).padStart(2, '0');
  const body = `${district}${year}${month}${day}${String(100 + unitIndex * 10 + n).slice(-3)}`;
  return body + idCardCheckChar(body);
}

async function upsertPerson(db: Db, now: Date, p: { certNo: string; name: string; insured: boolean; phone?: string }) {
  const parsed = parseIdCard(p.certNo)!;
  const [row] = await db
    .insert(persons)
    .values({
      certNo: p.certNo,
      name: p.name,
      gender: parsed.gender,
      birthDate: parsed.birthDate,
      phone: p.phone,
      insured: p.insured,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: persons.id });
  if (row) return row.id;
  const [existing] = await db
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.certType, '01'), eq(persons.certNo, p.certNo)));
  return existing.id;
}

/**
 * The demo city: unions of type 92, 93 and 99, level-2 units under 92 and 93, staff with valid
 * ID numbers, personal accounts, the current mutual-aid period; with a file store, the gateway's
 * notices and policies. Idempotent: a second run adds nothing.
 */
export async function seedDemo(db: Db, clock: Clock, city: string, store?: FileStore) {
  // Notices have their own check, so a data directory seeded before they existed gets them too.
  if (store) await seedDemoNotices(db, clock, city, store);
  const [already] = await db.select({ id: units.id }).from(units).where(eq(units.uact, DEMO_UNITS[0].uact));
  // The operator after the city's accounts (theirs keep the ids they had before it existed); on its
  // own check, so a data directory seeded before it existed gets it too.
  if (already) {
    await seedDemoOperator(db, clock);
    return false;
  }
  const now = clock.now();
  const passwordHash = await demoPasswordHash();
  await db.transaction(async (tx) => {
    const unitIds = new Map<string, number>();
    for (const [i, u] of DEMO_UNITS.entries()) {
      const [row] = await tx
        .insert(units)
        .values({
          uact: u.uact,
          empName: u.name(city),
          uscc: u.uscc,
          level: u.level,
          uniType: u.uniType ?? null,
          parentId: u.parent ? unitIds.get(u.parent)! : null,
          regionCode: '430100',
          insured: u.insured,
          authState: u.authState ?? null,
          notifyState: u.notifyState ?? null,
          legalName: STAFF_NAMES[i],
          contactTel: `0731-8${String(8000000 + i).slice(-7)}`,
          address: `${city}岳麓区示范路${i + 1}号`,
          createdAt: now,
        })
        .returning({ id: units.id });
      unitIds.set(u.uact, row.id);
      await tx.insert(accounts).values({ loginType: 'unit', loginName: u.uact, unitId: row.id, passwordHash, createdAt: now });
      const staffRows = [];
      for (let n = 0; n < 6; n++) {
        const personId = await upsertPerson(tx, now, {
          certNo: staffCertNo(i, n),
          name: STAFF_NAMES[(i + n) % STAFF_NAMES.length],
          insured: u.insured,
        });
        staffRows.push({ unitId: row.id, personId, psnType: n === 5 ? '2' : '1', joinedOn: '2020-03-01', createdAt: now, updatedAt: now });
      }
      await tx.insert(staff).values(staffRows).onConflictDoNothing();
    }
    for (const p of DEMO_PERSONS) {
      const personId = await upsertPerson(tx, now, p);
      await tx
        .insert(staff)
        .values({ unitId: unitIds.get(p.unit)!, personId, joinedOn: '2019-07-01', createdAt: now, updatedAt: now })
        .onConflictDoNothing();
      await tx.insert(accounts).values({ loginType: 'personal', loginName: p.certNo, personId, passwordHash, createdAt: now });
    }
    const year = Number(now.toISOString().slice(0, 4));
    await seedPeriods(tx, now, year);
    const welcome = (kind: string, key: string) => ({
      recipientKind: kind,
      recipientKey: key,
      sender: cityUnion(city),
      createdAt: now,
      title: `欢迎使用${city}总工会职工医疗互助网上服务大厅`,
      content: `${year}年度职工医疗互助已开始办理，请在截止日期前完成申报与缴费。`,
    });
    await tx
      .insert(mailMessages)
      .values([...DEMO_UNITS.map((u) => welcome('unit', u.uact)), ...DEMO_PERSONS.map((p) => welcome('personal', p.certNo))]);
  });
  await seedDemoOperator(db, clock);
  return true;
}
