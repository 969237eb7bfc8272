import { sql } from 'drizzle-orm';
import { cityUnion, applicationNo, coverStart, type PeriodDates, parseIdCard, type StoredApplicationState, chinaDay } from '@hall/shared';
import type { Clock } from '../../lib/clock';
import { createFileStore, type FileStore } from '../../lib/storage';
import { insertCoverages, insertPayment } from '../../modules/operator/payment.repository';
import type { Db } from '../client';
import { seedDemoSettlements } from './demo-benefits';
import {
  DEMO_NEW_HIRES,
  DEMO_POOL_SIZE,
  DEMO_POOL_START,
  DEMO_ROSTERS,
  DEMO_STOPPED,
  demoBank,
  demoCard,
  demoCertNo,
  demoName,
  demoPhone,
  demoPsnType,
} from './demo-staff';
import { seedDemoClaims } from './demo-claims';
import { seedDemoUnionInfo } from './demo-union';
import { seedDemoPersonal } from './demo-personal';

export const DEMO_REGISTRY_FILE = '演示：市医保局参保登记文件.xlsx';
const OPERATOR = '演示数据';

type Row = Record<string, unknown>;
const rows = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;

/** An instant at 10:00 Beijing on a day. */
const at10 = (day: string) => new Date(`${day}T10:00:00+08:00`);

interface Plan {
  unit: string;
  year: number;
  kind: 'new' | 'add';
  state: StoredApplicationState;
  /** Generated people [from, to) declared. */
  people: [number, number];
  /** Day the unit made it (Beijing); later steps follow a few days apart. */
  madeOn: string;
  paidOn?: string;
  reason?: string;
}

/** Which products a generated person takes, and how many shares. */
function choices(i: number, certNo: string) {
  const out: Array<{ code: string; shares: number }> = [{ code: '01', shares: i % 11 === 0 ? 3 : i % 5 === 0 ? 2 : 1 }];
  if (parseIdCard(certNo)?.gender === '2') out.push({ code: '02', shares: 1 });
  if (i % 3 === 0) out.push({ code: '03', shares: i % 6 === 0 ? 2 : 1 });
  return out;
}

/**
 * The demo city's business, on top of seedDemo: the bureau's registry (units, the roster people,
 * a pool of insured people not yet on any roster, a few whose insurance stopped), thousands of
 * staff, and applications of 2024–2027 in every state with their lines, history, payments,
 * coverages and mail. Written with set-based SQL (json_to_recordset), so it stays fast.
 * Idempotent: it runs once (the registry load row marks it). Not used by the tests' harness,
 * whose tests make the rows they need.
 */
export async function seedDemoBusiness(db: Db, clock: Clock, city: string, store?: FileStore): Promise<boolean> {
  const [done] = await rows(db, sql`select 1 from registry_loads where file_name = ${DEMO_REGISTRY_FILE}`);
  // Claims and settlements (issue 9) have their own marks, so a data directory seeded before them
  // gets them too. Claims go first: a 手工报销 is refused for a stay the bureau's file already has.
  const benefitsToo = async () => {
    await seedDemoClaims(db, clock.now(), city, store ?? createFileStore('memory://'));
    await seedDemoSettlements(db, clock, city);
    await seedDemoUnionInfo(db, clock.now(), city);
    await seedDemoPersonal(db, clock.now(), city);
  };
  if (done) {
    await benefitsToo();
    return false;
  }
  const now = clock.now();
  const Y = Number(chinaDay(now).slice(0, 4));
  const sender = cityUnion(city);

  await db.transaction(async (tx) => {
    // 1. People of the rosters and the pool.
    const people: Row[] = [];
    for (let i = 0; i < DEMO_POOL_START + DEMO_POOL_SIZE + 10; i++) {
      const certNo = demoCertNo(i);
      const parsed = parseIdCard(certNo)!;
      people.push({ i, cert_no: certNo, name: demoName(i), gender: parsed.gender, birth: parsed.birthDate, active: i < DEMO_STOPPED[0] });
    }
    const rostered = people.filter((p) => (p.i as number) < DEMO_POOL_START);

    // 2. The bureau's registry: insured units, the people above, and the demo's own insured people.
    const [load] = await rows(
      tx,
      sql`insert into registry_loads (file_name, operator, rows, added, changed, loaded_at)
        values (${DEMO_REGISTRY_FILE}, ${OPERATOR}, 0, 0, 0, ${now}) returning id`,
    );
    await tx.execute(sql`insert into insured_registry (kind, code, name, active, since, load_id)
      select 'unit', uscc, emp_name, true, '2015-01-01', ${load.id} from units where insured and uscc is not null
      on conflict do nothing`);
    await tx.execute(sql`insert into insured_registry (kind, code, name, active, since, load_id)
      select 'person', cert_no, name, true, '2015-01-01', ${load.id} from persons where insured on conflict do nothing`);
    await tx.execute(sql`insert into insured_registry (kind, code, name, active, since, load_id)
      select 'person', x.cert_no, x.name, x.active, '2016-07-01', ${load.id}
      from json_to_recordset(${json(people)}) as x(cert_no text, name text, active boolean) on conflict do nothing`);
    await tx.execute(sql`update registry_loads set rows = (select count(*) from insured_registry where load_id = ${load.id}),
      added = (select count(*) from insured_registry where load_id = ${load.id}) where id = ${load.id}`);

    // 3. Persons and staff of the rosters.
    const staffRows: Row[] = [];
    for (const [uact, [from, to]] of Object.entries(DEMO_ROSTERS)) {
      for (let i = from; i < to; i++) {
        const hires = DEMO_NEW_HIRES[uact];
        const newHire = hires && i >= hires[0] && i < hires[1];
        staffRows.push({
          uact,
          cert_no: demoCertNo(i),
          psn_type: demoPsnType(i),
          phone: demoPhone(i),
          joined_on: newHire
            ? `${Y}-0${uact === 'qydw92101' ? 5 : 9}-${String(6 + (i % 20)).padStart(2, '0')}`
            : `${2010 + (i % 14)}-${String(1 + (i % 12)).padStart(2, '0')}-01`,
        });
      }
    }
    const cards = rostered.map((p) => ({ cert_no: p.cert_no, bank: demoBank(p.i as number), card: demoCard(p.i as number) }));
    await tx.execute(sql`insert into persons (cert_type, cert_no, name, gender, birth_date, insured, bank_name, bank_card, created_at)
      select '01', x.cert_no, x.name, x.gender, x.birth::date, true, c.bank, c.card, ${now}
      from json_to_recordset(${json(rostered)}) as x(cert_no text, name text, gender text, birth text)
      join json_to_recordset(${json(cards)}) as c(cert_no text, bank text, card text) on c.cert_no = x.cert_no
      on conflict do nothing`);
    await tx.execute(sql`insert into staff (unit_id, person_id, psn_type, phone, joined_on, created_at, updated_at)
      select u.id, p.id, x.psn_type, x.phone, x.joined_on::date, ${now}, ${now}
      from json_to_recordset(${json(staffRows)}) as x(uact text, cert_no text, psn_type text, phone text, joined_on text)
      join units u on u.uact = x.uact join persons p on p.cert_type = '01' and p.cert_no = x.cert_no
      on conflict do nothing`);
    // Two of qydw92101's staff left this year (减员): their paid cover runs to the period's end.
    await tx.execute(sql`update staff set left_on = ${`${Y}-09-30`}, leave_reason = '离职', updated_at = ${now}
      where person_id in (select id from persons where cert_no in (${demoCertNo(7)}, ${demoCertNo(8)}))`);

    // 4. Applications, year by year (so "continuing" sees the year before).
    const plans: Plan[] = [];
    const everyone = (unit: string): [number, number] => {
      const [from, to] = DEMO_ROSTERS[unit];
      return [from, DEMO_NEW_HIRES[unit]?.[0] ?? to];
    };
    for (const year of [Y - 2, Y - 1, Y]) {
      for (const unit of Object.keys(DEMO_ROSTERS)) {
        plans.push({
          unit,
          year,
          kind: 'new',
          state: 'paid',
          people: everyone(unit),
          madeOn: `${year - 1}-11-1${year % 3}`,
          paidOn: `${year - 1}-12-0${2 + (year % 5)}`,
        });
      }
    }
    plans.push(
      {
        unit: 'qydw92101',
        year: Y,
        kind: 'add',
        state: 'paid',
        people: DEMO_NEW_HIRES.qydw92101,
        madeOn: `${Y}-05-28`,
        paidOn: `${Y}-06-12`,
      },
      { unit: 'fhgh93102', year: Y, kind: 'add', state: 'unpaid', people: DEMO_NEW_HIRES.fhgh93102, madeOn: `${Y}-10-20` },
      // Next year's enrolment, open now: one application in each state.
      {
        unit: 'fhgh93101',
        year: Y + 1,
        kind: 'new',
        state: 'paid',
        people: everyone('fhgh93101'),
        madeOn: `${Y}-11-03`,
        paidOn: `${Y}-11-12`,
      },
      { unit: 'hygh93001', year: Y + 1, kind: 'new', state: 'unpaid', people: everyone('hygh93001'), madeOn: `${Y}-11-06` },
      { unit: 'dlgh99001', year: Y + 1, kind: 'new', state: 'draft', people: [1500, 2100], madeOn: `${Y}-11-15` },
      {
        unit: 'fhgh93102',
        year: Y + 1,
        kind: 'new',
        state: 'cancelled',
        people: [3000, 3050],
        madeOn: `${Y}-11-02`,
        reason: '人员名单有误，重新申报',
      },
      {
        unit: 'qydw92101',
        year: Y + 1,
        kind: 'new',
        state: 'returned',
        people: [0, 150],
        madeOn: `${Y}-11-05`,
        reason: '部分退休人员份数超过规定，请核对后重新提交',
      },
      { unit: 'qydw92101', year: Y + 1, kind: 'new', state: 'submitted', people: [150, 450], madeOn: `${Y}-11-16` },
      { unit: 'lhgh92001', year: Y + 1, kind: 'new', state: 'draft', people: [3420, 3500], madeOn: `${Y}-11-18` },
    );

    const unitRows = await rows(
      tx,
      sql`select u.id, u.uact, u.emp_name, u.level, p.id as parent_id, p.uni_type as parent_type, p.emp_name as parent_name
      from units u left join units p on p.id = u.parent_id`,
    );
    const unitOf = new Map(unitRows.map((u) => [u.uact as string, u]));
    const periodRows = await rows(
      tx,
      sql`select id, year, start_date::text, end_date::text, enrol_start::text, enrol_end::text,
      pay_deadline::text, waiting_days from periods`,
    );
    const periodOf = new Map(periodRows.map((p) => [p.year as number, p]));
    const mails: Row[] = [];

    for (const plan of plans) {
      const unit = unitOf.get(plan.unit)!;
      const period = periodOf.get(plan.year)!;
      const reviewed = unit.parent_type === '92';
      const day = (n: number) => {
        const d = new Date(`${plan.madeOn}T00:00:00Z`);
        d.setUTCDate(d.getUTCDate() + n);
        return d.toISOString().slice(0, 10);
      };
      const [app] = await rows(
        tx,
        sql`insert into applications (unit_id, period_id, kind, state, review_unit_id, reason, created_at, submitted_at, reviewed_at, paid_at, updated_at)
          values (${unit.id}, ${period.id}, ${plan.kind}, ${plan.state}, ${reviewed ? unit.parent_id : null}, ${plan.reason ?? null},
            ${at10(plan.madeOn)}, ${plan.state === 'draft' ? null : at10(day(1))},
            ${['unpaid', 'paid', 'returned'].includes(plan.state) && reviewed ? at10(day(3)) : null},
            ${plan.paidOn ? at10(plan.paidOn) : null}, ${at10(plan.paidOn ?? day(3))})
          returning id`,
      );
      const lines: Row[] = [];
      for (let i = plan.people[0]; i < plan.people[1]; i++) {
        const certNo = demoCertNo(i);
        for (const c of choices(i, certNo)) lines.push({ cert_no: certNo, code: c.code, shares: c.shares });
      }
      await tx.execute(sql`insert into application_lines (application_id, period_id, product_code, person_id, staff_id, shares, amount_fen, live)
        select ${app.id}, ${period.id}, x.code, p.id, s.id, x.shares, x.shares * pr.rate_fen, ${plan.state !== 'cancelled'}
        from json_to_recordset(${json(lines)}) as x(cert_no text, code text, shares int)
        join persons p on p.cert_type = '01' and p.cert_no = x.cert_no
        join staff s on s.person_id = p.id and s.unit_id = ${unit.id}
        join products pr on pr.period_id = ${period.id} and pr.code = x.code`);
      await tx.execute(sql`update applications a set headcount = l.n, amount_fen = l.amount
        from (select count(distinct person_id)::int as n, coalesce(sum(amount_fen), 0)::bigint as amount from application_lines where application_id = ${app.id}) l
        where a.id = ${app.id}`);

      // The history the application went through, and the unit's mail for where it stands.
      const steps: Array<[string | null, string, string, string, string | null]> = [[null, 'draft', 'unit', unit.emp_name as string, null]];
      if (plan.state !== 'draft') steps.push(['draft', 'submitted', 'unit', unit.emp_name as string, null]);
      if (plan.state === 'returned') steps.push(['submitted', 'returned', 'union', unit.parent_name as string, plan.reason ?? null]);
      if (['unpaid', 'paid'].includes(plan.state))
        steps.push([
          'submitted',
          'unpaid',
          reviewed ? 'union' : 'system',
          reviewed ? (unit.parent_name as string) : '系统',
          reviewed ? '审核通过' : null,
        ]);
      if (plan.state === 'paid') steps.push(['unpaid', 'paid', 'operator', OPERATOR, `凭证号 DEMO${plan.year}${app.id}`]);
      if (plan.state === 'cancelled') steps.push(['submitted', 'cancelled', 'unit', unit.emp_name as string, plan.reason ?? null]);
      const events = steps.map(([from, to, kind, name, note], n) => ({ from, to, kind, name, note, at: at10(day(n)).toISOString() }));
      await tx.execute(sql`insert into application_events (application_id, at, actor_kind, actor_name, from_state, to_state, note)
        select ${app.id}, x.at::timestamptz, x.kind, x.name, x.from, x.to, x.note
        from json_to_recordset(${json(events)}) as x("at" text, kind text, name text, "from" text, "to" text, note text)`);

      if (plan.state === 'paid') {
        const p: PeriodDates = {
          startDate: period.start_date as string,
          endDate: period.end_date as string,
          enrolStart: period.enrol_start as string,
          enrolEnd: period.enrol_end as string,
          payDeadline: period.pay_deadline as string,
          waitingDays: period.waiting_days as number,
        };
        // The same writes as the operator's payment confirmation (modules/operator/payment.repository).
        await insertPayment(tx, {
          applicationId: app.id as number,
          amountFen: Number((await rows(tx, sql`select amount_fen from applications where id = ${app.id}`))[0].amount_fen),
          paidOn: plan.paidOn!,
          voucherNo: `DEMO${plan.year}${app.id}`,
          operator: OPERATOR,
          confirmedAt: at10(plan.paidOn!),
        });
        await insertCoverages(tx, {
          applicationId: app.id as number,
          unitId: unit.id as number,
          periodId: period.id as number,
          previousYear: plan.year - 1,
          fromContinuing: coverStart(p, plan.paidOn!, true),
          fromNew: coverStart(p, plan.paidOn!, false),
          now: at10(plan.paidOn!),
        });
      }
      if (plan.year === Y + 1 || plan.state !== 'paid') {
        const no = applicationNo(plan.year, app.id as number);
        const text: Partial<Record<StoredApplicationState, [string, string]>> = {
          returned: [`互助申请 ${no} 被退回`, `您单位的${plan.year}年度互助申请被退回，原因：${plan.reason}。请修改后重新提交。`],
          unpaid: [`互助申请 ${no} 待缴费`, `您单位的${plan.year}年度互助申请已受理，请于 ${period.pay_deadline} 前按缴费通知单缴费。`],
          paid: [`互助申请 ${no} 已缴费`, `您单位的${plan.year}年度互助申请已确认缴费，保障自生效日起开始。`],
          submitted: [`互助申请 ${no} 已提交`, `您单位的${plan.year}年度互助申请已提交，等待上级工会审核。`],
          cancelled: [`互助申请 ${no} 已撤销`, `您单位的${plan.year}年度互助申请已撤销：${plan.reason}。`],
        };
        const message = text[plan.state];
        if (message) mails.push({ key: plan.unit, title: message[0], content: message[1], at: at10(day(3)).toISOString() });
        if (plan.state === 'submitted' && reviewed)
          mails.push({
            key: unitRows.find((u) => u.id === unit.parent_id)!.uact,
            title: `${unit.emp_name}的互助申请待审核`,
            content: `${unit.emp_name}提交了${plan.year}年度互助申请 ${no}，请在“申请审核”中处理。`,
            at: at10(day(1)).toISOString(),
          });
      }
    }
    await tx.execute(sql`insert into mail_messages (recipient_kind, recipient_key, title, content, sender, read_flag, created_at)
      select 'unit', x.key, x.title, x.content, ${sender}, '0', x.at::timestamptz
      from json_to_recordset(${json(mails)}) as x(key text, title text, content text, "at" text)`);
  });
  // The planner's statistics of the tables just filled (thousands of rows where it assumed none):
  // without them the services below pick nested loops over whole tables (the transfers' staff
  // look-up alone took a second on PGlite). A tenth of a second.
  await db.execute(sql`analyze persons, staff, applications, application_lines, coverages, insured_registry`);
  // Claims, then settlements and treatments of the three years, through the services.
  await benefitsToo();
  return true;
}
