import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CLAIM_TYPES, type ClaimType, type ClaimState, addDays, chinaDay, coverStart, type PeriodDates, parseIdCard } from '@hall/shared';
import type { Config } from '../../config';
import { HallError } from '../../lib/hall-error';
import type { FileStore } from '../../lib/storage';
import { save, submit } from '../../modules/claims/claim-form.service';
import { approveClaim, payClaims, refuseClaim, returnClaim } from '../../modules/claims/claim-operator.service';
import { unionApprove, unionReturn, unitApprove, unitReturn } from '../../modules/claims/claim-review.service';
import { insertCoverages, insertPayment } from '../../modules/operator/payment.repository';
import type { Caller, HallContext } from '../../types';
import type { Db } from '../client';
import { simplePdf } from './pdf';
import { DEMO_PERSONS } from './demo-data';
import { DEMO_ROSTERS, demoCertNo, demoPsnType } from './demo-staff';
import { operatorOf } from './demo-operator';
import { closeDemoBatches } from './demo-benefits';

/*
 * The demo city's subsidy claims (补助申请), 2024 to today: every type and every state, filed by
 * units and by workers, several paid in batches, made through the claim services themselves (with
 * the clock of each step), so the rows, history, mail and attachments are what the hall makes.
 * Idempotent: it runs once (any claim marks it).
 */

type Row = Record<string, unknown>;
const rows = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
// Approved by the reviewer, paid by finance: who approves a claim never pays it (docs/decisions.md, "Operator roles").
const REVIEWER = operatorOf('reviewer').name;
const FINANCE = operatorOf('finance').name;

interface Plan {
  /** The unit that files (or whose worker files). */
  unit: string;
  /** Which of the unit's generated people: the n-th that fits the type, or a demo account's ID number (the worker files). */
  who: number | string;
  type: ClaimType;
  /** Admission day and days in hospital (none for 困难职工补助: `admitted` is then the filing day). */
  admitted: string;
  days?: number;
  diagnosis?: [string, string];
  invoiceFen?: number;
  /** Where it ends up. */
  state: ClaimState;
  reason?: string;
  /** The operator's lowered amount (yuan) and why. */
  lowered?: [string, string];
}

const DX = {
  lung: ['C34.1', '肺恶性肿瘤'],
  breast: ['C50.9', '乳腺恶性肿瘤'],
  cervix: ['C53.9', '宫颈恶性肿瘤'],
  heart: ['I21.0', '急性前壁心肌梗死'],
  stroke: ['I63.9', '脑梗死'],
  pneumonia: ['J18.9', '肺炎'],
  fracture: ['S72.0', '股骨颈骨折'],
  gall: ['K80.2', '胆囊结石'],
  disc: ['M51.2', '腰椎间盘突出'],
} as const satisfies Record<string, [string, string]>;

function plans(Y: number): Plan[] {
  const d = (year: number, md: string) => `${year}-${md}`;
  return [
    // Two years ago: paid in the year-end batch, one refused.
    { unit: 'qydw92101', who: 0, type: 'major_disease', admitted: d(Y - 2, '05-06'), days: 18, diagnosis: DX.lung, state: 'paid' },
    {
      unit: 'dlgh99001',
      who: 0,
      type: 'hospital_allowance',
      admitted: d(Y - 2, '06-10'),
      days: 12,
      diagnosis: DX.pneumonia,
      state: 'paid',
    },
    { unit: 'fhgh93101', who: 0, type: 'female_disease', admitted: d(Y - 2, '07-02'), days: 9, diagnosis: DX.breast, state: 'paid' },
    {
      unit: 'fhgh93102',
      who: 0,
      type: 'manual',
      admitted: d(Y - 2, '08-15'),
      days: 7,
      diagnosis: DX.gall,
      invoiceFen: 860_000,
      state: 'paid',
    },
    { unit: 'qydw92101', who: 0, type: 'hardship', admitted: d(Y - 2, '10-10'), state: 'paid' },
    {
      unit: 'dlgh99001',
      who: 1,
      type: 'major_disease',
      admitted: d(Y - 2, '09-03'),
      days: 6,
      diagnosis: DX.stroke,
      state: 'refused',
      reason: '住院病历与诊断证明不一致，经核实不属于互助重大疾病',
    },
    // Last year: two batches.
    { unit: 'qydw92101', who: 1, type: 'hospital_allowance', admitted: d(Y - 1, '03-02'), days: 20, diagnosis: DX.fracture, state: 'paid' },
    { unit: 'fhgh93101', who: 0, type: 'major_disease', admitted: d(Y - 1, '04-11'), days: 10, diagnosis: DX.heart, state: 'paid' },
    { unit: 'dlgh99001', who: 0, type: 'female_disease', admitted: d(Y - 1, '05-08'), days: 14, diagnosis: DX.cervix, state: 'paid' },
    { unit: 'fhgh93102', who: 0, type: 'hardship', admitted: d(Y - 1, '07-20'), state: 'paid' },
    {
      unit: 'dlgh99001',
      who: 2,
      type: 'manual',
      admitted: d(Y - 1, '08-03'),
      days: 11,
      diagnosis: DX.disc,
      invoiceFen: 1_250_000,
      state: 'paid',
      lowered: ['3000', '部分发票为政策范围外费用，按核实金额核定'],
    },
    { unit: 'qydw92101', who: 2, type: 'hospital_allowance', admitted: d(Y - 1, '10-12'), days: 8, diagnosis: DX.pneumonia, state: 'paid' },
    // This year: some paid, the rest in every state.
    { unit: 'dlgh99001', who: 3, type: 'major_disease', admitted: d(Y, '03-09'), days: 21, diagnosis: DX.lung, state: 'paid' },
    { unit: 'fhgh93101', who: 1, type: 'hospital_allowance', admitted: d(Y, '04-16'), days: 15, diagnosis: DX.fracture, state: 'paid' },
    {
      unit: 'qydw92101',
      who: DEMO_PERSONS[0].certNo,
      type: 'hospital_allowance',
      admitted: d(Y, '06-10'),
      days: 10,
      diagnosis: DX.pneumonia,
      state: 'paid',
    },
    { unit: 'qydw92101', who: 1, type: 'female_disease', admitted: d(Y, '10-05'), days: 12, diagnosis: DX.breast, state: 'approved' },
    { unit: 'fhgh93102', who: 1, type: 'hospital_allowance', admitted: d(Y, '10-12'), days: 6, diagnosis: DX.gall, state: 'approved' },
    { unit: 'qydw92101', who: 3, type: 'major_disease', admitted: d(Y, '10-08'), days: 16, diagnosis: DX.heart, state: 'union_review' },
    { unit: 'qydw92101', who: 4, type: 'hospital_allowance', admitted: d(Y, '10-20'), days: 9, diagnosis: DX.disc, state: 'union_review' },
    {
      unit: 'dlgh99001',
      who: 4,
      type: 'manual',
      admitted: d(Y, '09-21'),
      days: 8,
      diagnosis: DX.gall,
      invoiceFen: 680_000,
      state: 'city_review',
    },
    { unit: 'fhgh93101', who: 2, type: 'female_disease', admitted: d(Y, '10-02'), days: 11, diagnosis: DX.cervix, state: 'city_review' },
    {
      unit: 'fhgh93101',
      who: DEMO_PERSONS[1].certNo,
      type: 'hospital_allowance',
      admitted: d(Y, '10-26'),
      days: 5,
      diagnosis: DX.pneumonia,
      state: 'unit_review',
    },
    {
      unit: 'qydw92101',
      who: DEMO_PERSONS[0].certNo,
      type: 'manual',
      admitted: d(Y, '09-14'),
      days: 6,
      diagnosis: DX.gall,
      invoiceFen: 420_000,
      state: 'returned',
      reason: '请补充医疗费用发票的清晰扫描件',
    },
    {
      unit: 'qydw92101',
      who: 1,
      type: 'hardship',
      admitted: d(Y, '10-15'),
      state: 'returned',
      reason: '困难职工认定证明已过期，请上传本年度的认定证明',
    },
    {
      unit: 'fhgh93102',
      who: 2,
      type: 'major_disease',
      admitted: d(Y, '08-01'),
      days: 4,
      diagnosis: DX.stroke,
      state: 'refused',
      reason: '入院前已确诊，属于等待期内发生的疾病',
    },
    { unit: 'dlgh99001', who: 5, type: 'hospital_allowance', admitted: d(Y, '11-02'), days: 7, diagnosis: DX.fracture, state: 'draft' },
    {
      unit: 'qydw92101',
      who: 5,
      type: 'manual',
      admitted: d(Y, '10-30'),
      days: 5,
      diagnosis: DX.disc,
      invoiceFen: 310_000,
      state: 'draft',
    },
  ];
}

/** Payout batches: every claim approved by then is paid. */
const batchDays = (Y: number) => [`${Y - 2}-12-20`, `${Y - 1}-06-28`, `${Y - 1}-12-20`, `${Y}-09-30`];

/** An instant at 10:00 Beijing on a day. */
const at10 = (day: string) => new Date(`${day}T10:00:00+08:00`);

export async function seedDemoClaims(db: Db, now: Date, city: string, store: FileStore): Promise<boolean> {
  const [done] = await rows(db, sql`select 1 from claims limit 1`);
  if (done) return false;
  // One transaction: the services' own become savepoints, and the embedded database commits once.
  await db.transaction((tx) => seedIn(tx, now, city, store));
  await closeDemoBatches(db);
  return true;
}

async function seedIn(db: Db, now: Date, city: string, store: FileStore) {
  const today = chinaDay(now);
  const Y = Number(today.slice(0, 4));
  // The hall's context at a moment: the services read the clock for every rule (deadline, today).
  const base = { config: { cityName: city } as Config, db, files: store } as unknown as HallContext;
  const ctxAt = (day: string) => ({ ...base, clock: { now: () => at10(day) } }) as HallContext;

  await coverDemoAccounts(db, Y);

  const units = new Map<string, Caller<'unit'>>();
  const callers = new Map<string, Caller>();
  for (const u of await rows(
    db,
    sql`select u.id, u.uact, u.emp_name, u.level, u.uni_type, u.parent_id, u.insured, a.id as account_id
      from units u join accounts a on a.unit_id = u.id and a.login_type = 'unit'`,
  ))
    units.set(u.uact as string, {
      accountId: u.account_id as number,
      sessionId: 'seed',
      loginType: 'unit',
      loginName: u.uact as string,
      unit: {
        id: u.id as number,
        uact: u.uact as string,
        empName: u.emp_name as string,
        level: u.level as number,
        uniType: (u.uni_type as string | null) ?? null,
        parentId: (u.parent_id as number | null) ?? null,
        insured: u.insured as boolean,
      },
    });
  for (const [uact, unit] of units) callers.set(uact, unit);
  for (const p of await rows(
    db,
    sql`select p.id, p.cert_no, p.name, p.insured, a.id as account_id from persons p join accounts a on a.person_id = p.id and a.login_type = 'personal'`,
  ))
    callers.set(p.cert_no as string, {
      accountId: p.account_id as number,
      sessionId: 'seed',
      loginType: 'personal',
      loginName: p.cert_no as string,
      person: { id: p.id as number, certNo: p.cert_no as string, name: p.name as string, insured: p.insured as boolean },
    });
  const union = units.get('lhgh92001')!;

  const todo = plans(Y).filter((p) => addDays(p.admitted, (p.days ?? 0) + 12) < today);
  const batches = batchDays(Y).filter((b) => b < today);
  for (const plan of todo.sort((a, b) => a.admitted.localeCompare(b.admitted))) {
    try {
      await file(plan);
    } catch (error) {
      // A rule refused it (data loaded later, e.g. a settlement of that stay): the demo goes without it.
      if (!(error instanceof HallError)) throw error;
    }
  }
  for (const day of batches) await payClaims(ctxAt(day), FINANCE, day);

  async function file(plan: Plan) {
    const dischargedOn = addDays(plan.admitted, plan.days ?? 0);
    const filed = addDays(dischargedOn, 3);
    // Every batch due before this claim is filed pays what was approved by then.
    while (batches.length && batches[0] < filed) await payClaims(ctxAt(batches[0]), FINANCE, batches.shift());
    const personal = typeof plan.who === 'string';
    const filer = callers.get(personal ? (plan.who as string) : plan.unit)!;
    const staffId = personal ? undefined : await pickStaff(db, plan);
    if (!personal && staffId === undefined) return;
    const info = CLAIM_TYPES[plan.type];
    const step = (n: number) => ctxAt(addDays(filed, n));
    const saved = await save(step(0), filer, {
      type: plan.type,
      staffId,
      ...(info.stay
        ? {
            admittedOn: plan.admitted,
            dischargedOn,
            hospitalName: ['中南大学湘雅医院', '湖南省人民医院', '长沙市第一医院', '中南大学湘雅二医院'][plan.admitted.charCodeAt(6) % 4],
            diagnosisCode: plan.diagnosis?.[0],
            diagnosisName: plan.diagnosis?.[1],
            invoiceFen: plan.invoiceFen,
          }
        : {}),
    });
    const id = saved.claim.id;
    // The scans: real files in the file store, attached as the attach call would (the filer's own uploads).
    const owner = personal ? { kind: 'personal', key: plan.who as string } : { kind: 'unit', key: plan.unit };
    const scans = info.required.map((kind) => ({ id: randomUUID(), kind, bytes: simplePdf(saved.claim.claimNo, [kind, plan.admitted]) }));
    for (const scan of scans) await store.put(scan.id, scan.bytes);
    await attachScans(db, id, owner, scans, at10(filed));
    if (plan.state === 'draft') return;
    let state = (await submit(step(0), filer, id)).claim.state;
    const unitCaller = units.get(plan.unit)!;
    if (state === 'unit_review') {
      if (plan.state === 'unit_review') return;
      if (plan.state === 'returned') {
        await unitReturn(step(1), unitCaller, { id, reason: plan.reason! });
        return;
      }
      state = (await unitApprove(step(1), unitCaller, id)).claim.state;
    }
    if (state === 'union_review') {
      if (plan.state === 'union_review') return;
      if (plan.state === 'returned') {
        await unionReturn(step(2), union, { id, reason: plan.reason! });
        return;
      }
      state = (await unionApprove(step(2), union, id)).claim.state;
    }
    if (plan.state === 'city_review') return;
    if (plan.state === 'returned') await returnClaim(step(4), REVIEWER, { claim: String(id), reason: plan.reason! });
    else if (plan.state === 'refused') await refuseClaim(step(4), REVIEWER, { claim: String(id), reason: plan.reason! });
    else await approveClaim(step(4), REVIEWER, { claim: String(id), amount: plan.lowered?.[0], note: plan.lowered?.[1] });
  }
}

/** Files rows and claim attachments of a claim's scans, in two statements. */
async function attachScans(
  db: Db,
  claimId: number,
  owner: { kind: string; key: string },
  scans: Array<{ id: string; kind: string; bytes: Buffer }>,
  at: Date,
) {
  const list = scans.map((s) => ({
    id: s.id,
    kind: s.kind,
    name: `${s.kind}.pdf`,
    size: s.bytes.length,
    sha256: createHash('sha256').update(s.bytes).digest('hex'),
  }));
  await db.execute(sql`insert into files (id, owner_kind, owner_key, visibility, name, mime, size, sha256, created_at)
    select x.id::uuid, ${owner.kind}, ${owner.key}, 'private', x.name, 'application/pdf', x.size, x.sha256, ${at}
    from json_to_recordset(${JSON.stringify(list)}::json) as x(id text, name text, size int, sha256 text)`);
  await db.execute(sql`insert into claim_attachments (claim_id, kind, file_id, created_at)
    select ${claimId}, x.kind, x.id::uuid, ${at} from json_to_recordset(${JSON.stringify(list)}::json) as x(id text, kind text)`);
}

/** The n-th current staff member of the unit's generated roster who fits the claim type (cover, gender, person type). */
async function pickStaff(db: Db, plan: Plan): Promise<number | undefined> {
  const [from, to] = DEMO_ROSTERS[plan.unit];
  const code = CLAIM_TYPES[plan.type].productCode;
  const fits = (i: number) => {
    const female = parseIdCard(demoCertNo(i))?.gender === '2';
    if (plan.type === 'female_disease') return female;
    if (plan.type === 'major_disease') return i % 3 === 0;
    if (plan.type === 'hardship') return demoPsnType(i) === '4';
    return true;
  };
  let n = plan.who as number;
  // People 7 and 8 left this year; the first few stay free for the e2e tests.
  for (let i = from + 20; i < to; i++) {
    if (!fits(i)) continue;
    if (n-- > 0) continue;
    const [row] = await rows(
      db,
      sql`select s.id from staff s join persons p on p.id = s.person_id join units u on u.id = s.unit_id
        where u.uact = ${plan.unit} and p.cert_no = ${demoCertNo(i)} and s.left_on is null
          and exists (select 1 from coverages c where c.person_id = p.id and c.product_code = ${code})`,
    );
    if (row) return row.id as number;
  }
  return undefined;
}

/**
 * The demo's personal accounts (李华, 王芳) join this year by an 增员 application of their unit,
 * paid in February (住院医疗互助 and 重大疾病互助; 女职工特殊疾病互助 for women): so a worker can file
 * claims of their own. Written as the operator's payment
 * confirmation writes it (modules/operator/payment.repository).
 */
async function coverDemoAccounts(db: Db, Y: number) {
  const paidOn = `${Y}-02-10`;
  const [period] = await rows(
    db,
    sql`select id, start_date::text, end_date::text, enrol_start::text, enrol_end::text, pay_deadline::text, waiting_days from periods where year = ${Y}`,
  );
  if (!period) return;
  const p: PeriodDates = {
    startDate: period.start_date as string,
    endDate: period.end_date as string,
    enrolStart: period.enrol_start as string,
    enrolEnd: period.enrol_end as string,
    payDeadline: period.pay_deadline as string,
    waitingDays: period.waiting_days as number,
  };
  for (const person of DEMO_PERSONS.filter((x) => x.insured)) {
    const codes = parseIdCard(person.certNo)?.gender === '2' ? ['01', '02', '03'] : ['01', '03'];
    const [app] = await rows(
      db,
      sql`insert into applications (unit_id, period_id, kind, state, created_at, submitted_at, reviewed_at, paid_at, updated_at)
        select u.id, ${period.id}, 'add', 'paid', ${at10(`${Y}-01-20`)}, ${at10(`${Y}-01-21`)}, ${at10(`${Y}-01-23`)}, ${at10(paidOn)}, ${at10(paidOn)}
        from units u where u.uact = ${person.unit}
        returning id, unit_id`,
    );
    await db.execute(sql`insert into application_lines (application_id, period_id, product_code, person_id, staff_id, shares, amount_fen, live)
      select ${app.id}, ${period.id}, pr.code, p.id, s.id, 1, pr.rate_fen, true
      from persons p join staff s on s.person_id = p.id and s.unit_id = ${app.unit_id}
      join products pr on pr.period_id = ${period.id} and pr.code in (${sql.join(
        codes.map((c) => sql`${c}`),
        sql`, `,
      )})
      where p.cert_no = ${person.certNo}
      on conflict do nothing`);
    await db.execute(sql`update applications a set headcount = 1, amount_fen = l.amount
      from (select coalesce(sum(amount_fen), 0)::bigint as amount from application_lines where application_id = ${app.id}) l where a.id = ${app.id}`);
    const [amount] = await rows(db, sql`select amount_fen from applications where id = ${app.id}`);
    await insertPayment(db, {
      applicationId: app.id as number,
      amountFen: Number(amount.amount_fen),
      paidOn,
      voucherNo: `DEMO${Y}ADD${app.id}`,
      operator: FINANCE,
      confirmedAt: at10(paidOn),
    });
    await insertCoverages(db, {
      applicationId: app.id as number,
      unitId: app.unit_id as number,
      periodId: period.id as number,
      previousYear: Y - 1,
      fromContinuing: coverStart(p, paidOn, true),
      fromNew: coverStart(p, paidOn, false),
      now: at10(paidOn),
    });
  }
}
