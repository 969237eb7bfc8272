/**
 * Query plans on a medium city (issue 11 item 4): the generated city (bench/city) at scale 0.02
 * with more claims and mail (staff, coverages 40,000; settlements, treatments 100,000; claims
 * 20,000; mail 40,000, a quarter of it one unit's, as at full scale), the real app on a pool whose statements are recorded, every list and
 * statistics call of the product made over HTTP as the portal makes it, and each read it sent
 * explained (EXPLAIN ANALYZE with its parameters). A plan fails on a Seq Scan of a large table
 * (more than 10,000 rows); a list fails on a Sort of its match set or an Aggregate over it
 * without a Limit below (a count of the whole set). PostgreSQL only: PGlite's planner is not
 * the one that serves the city.
 */
import { postgresDumpAt } from './backup';
import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, BenefitPath, FeaturePath, OpsFeaturePath, OpsPath, PersonalPath, UnionPath } from '@hall/shared';
import { generateCity } from '../../../../bench/city/generate';
import { ManualClock } from '../lib/clock';
import { createTestHall, TEST_CAPTCHA, type TestHall } from '../test/harness';
import { explain, indexFaults, isRead, type PlanNode, planFaults, planSummary, recordQueries } from '../test/plans';
import type { Db } from './client';
import * as schema from './schema';
import { makeOperator } from '../test/operator-tools';

const adminUrl = process.env.TEST_DATABASE_URL;
const LARGE = 10_000;

type Who = 'unit' | 'union' | 'personal' | 'operator' | 'public';
interface Case {
  name: string;
  who: Who;
  path: string;
  payload?: Record<string, unknown>;
  /** A paged list (the sort and count rules apply); otherwise a statistics call. */
  list: boolean;
  /** Tables read through an index whatever their size in the generated city (`indexFaults`). */
  indexed?: readonly string[];
  /** A fault known and left (why): the case must still fail, so that its fix removes this. */
  known?: string;
}

const page = (pageNum = 1, more: Record<string, unknown> = {}) => ({ pageNum, pageSize: 10, ...more });

/** The generated city's first union (csgh000000, a fiftieth of the enterprises under it) and its account: ids known once it is made. */
const firstUnion = { unionId: 0, accountId: 0 };

const CASES: Case[] = [
  { name: 'staff list, first page', who: 'unit', path: ApiPath.staffPage, payload: page(), list: true },
  { name: 'staff list, page 50', who: 'unit', path: ApiPath.staffPage, payload: page(50), list: true },
  // The first page answers the totals of the filtered set (the spec's 合计): a statistic; later pages ask without them.
  { name: 'treatment list, first page with the totals', who: 'unit', path: BenefitPath.treatmentPage, payload: page(), list: false },
  {
    name: 'treatment list, page 100',
    who: 'unit',
    path: BenefitPath.treatmentPage,
    payload: page(100, { withTotals: false }),
    list: true,
  },
  {
    name: 'treatment list filtered by year and state, with the totals',
    who: 'unit',
    path: BenefitPath.treatmentPage,
    payload: page(1, { year: 2026, state: 'paid' }),
    list: false,
  },
  { name: 'claim list of a unit', who: 'unit', path: BenefitPath.claimList, payload: page(), list: true },
  { name: 'mail, first page', who: 'unit', path: ApiPath.mailPage, payload: page(), list: true },
  { name: 'mail, page 200', who: 'unit', path: ApiPath.mailPage, payload: page(200), list: true },
  { name: 'mail, read, page 50', who: 'unit', path: ApiPath.mailPage, payload: page(50, { readFlag: '1' }), list: true },
  // The unread count (the portal's badge: the unread page of size 1) is exact: a statistic.
  { name: 'mail: unread count', who: 'unit', path: ApiPath.mailPage, payload: { pageNum: 1, pageSize: 1, readFlag: '0' }, list: false },
  { name: 'notices', who: 'public', path: ApiPath.noticePage, payload: page(), list: true },
  // The to-do, the payable and the archives answer counts and sums: statistics, not pages.
  { name: 'to-do', who: 'unit', path: ApiPath.todoList, payload: {}, list: false },
  { name: 'applications of a unit', who: 'unit', path: ApiPath.applyList, payload: page(), list: true },
  { name: 'payable', who: 'unit', path: ApiPath.payableList, payload: page(), list: false },
  { name: 'participation totals', who: 'unit', path: ApiPath.joinMedSituationTotal, payload: {}, list: false },
  { name: 'participation persons', who: 'unit', path: ApiPath.joinMedSituationList, payload: page(), list: true },
  { name: 'home: treatments by year', who: 'unit', path: ApiPath.treatDataYear, payload: {}, list: false },
  { name: 'home: claims by year', who: 'unit', path: ApiPath.subsidyFrequencyAmount, payload: {}, list: false },
  { name: 'home: key figures of a unit', who: 'unit', path: ApiPath.homeFigures, payload: {}, list: false },
  { name: 'home: key figures of a union', who: 'union', path: ApiPath.homeFigures, payload: {}, list: false },
  { name: 'transfers out of a unit', who: 'unit', path: PersonalPath.transferList, payload: page(1, { direction: 'out' }), list: true },
  { name: 'out-of-town filings of a unit', who: 'unit', path: PersonalPath.filingList, payload: page(), list: true },
  { name: 'insured status', who: 'unit', path: PersonalPath.insuredStatusList, payload: page(), list: true },
  { name: 'claim form: staff picker', who: 'unit', path: BenefitPath.claimStaffOptions, payload: page(), list: true },
  ...(['transfer', 'filing'] as const).map((form) => ({
    name: `${form} form: staff picker`,
    who: 'unit' as const,
    path: form === 'transfer' ? PersonalPath.transferStaffOptions : PersonalPath.filingStaffOptions,
    payload: page(),
    list: true,
    known:
      'up to 2,000 options: the covered staff of the unit are hash-joined to their coverages and sorted, not read in the roster index order',
  })),
  { name: 'transfer form: unit search', who: 'unit', path: PersonalPath.transferUnitSearch, payload: { keyword: '城市' }, list: true },
  { name: 'archives of a unit', who: 'unit', path: FeaturePath.archiveUnit, payload: page(), list: false },
  { name: 'union: applications to review', who: 'union', path: ApiPath.examineList, payload: page(), list: true },
  { name: 'union: claims to review', who: 'union', path: BenefitPath.claimUnionList, payload: page(), list: true },
  { name: 'union: subordinate units', who: 'union', path: ApiPath.uactRelevQueryList, payload: page(), list: true },
  { name: 'union: change records', who: 'union', path: UnionPath.unionChangeList, payload: page(), list: true },
  { name: 'union: participation totals', who: 'union', path: ApiPath.joinMedSituationTotal, payload: {}, list: false },
  {
    name: 'personal: treatments, first page with the totals',
    who: 'personal',
    path: BenefitPath.treatmentPersonalPage,
    payload: page(),
    list: false,
  },
  { name: 'personal: claims', who: 'personal', path: BenefitPath.claimListPersonal, payload: page(), list: true },
  { name: 'personal: mail', who: 'personal', path: ApiPath.mailPage, payload: page(), list: true },
  { name: 'personal: archives', who: 'personal', path: FeaturePath.archivePersonal, payload: page(), list: false },
  {
    name: 'operator: treatments',
    who: 'operator',
    path: OpsPath.opsTreatmentList,
    payload: {},
    list: true,
    known: 'the totals of every treatment of the city (count and sums of a filter) want a summary table kept on write',
  },
  { name: 'operator: claims', who: 'operator', path: OpsPath.opsClaimList, payload: page(), list: true },
  { name: 'operator: payables', who: 'operator', path: OpsPath.opsPayableList, payload: page(), list: true },
  { name: 'operator: waiting', who: 'operator', path: OpsPath.opsWaitingList, payload: page(), list: true },
  { name: 'operator: registrations', who: 'operator', path: OpsPath.opsRegistrationList, payload: page(), list: true },
  { name: 'operator: union changes', who: 'operator', path: OpsPath.opsUnionChangeList, payload: page(), list: true },
  { name: 'operator: transfers', who: 'operator', path: OpsPath.opsTransferList, payload: page(), list: true },
  { name: 'operator: evaluations', who: 'operator', path: OpsFeaturePath.opsEvaluationList, payload: page(), list: true },
  { name: 'operator: accounts, the unions', who: 'operator', path: OpsPath.opsUnionTree, payload: {}, list: true },
  { name: 'operator: accounts, unions by name', who: 'operator', path: OpsPath.opsUnionTree, payload: { keyword: '联合' }, list: true },
  { name: 'operator: accounts, a union’s units', who: 'operator', path: OpsPath.opsUnionUnits, payload: firstUnion, list: true },
  { name: 'operator: accounts, workers', who: 'operator', path: OpsPath.opsPersonAccountList, payload: {}, list: true },
  {
    name: 'operator: accounts, a worker by name',
    who: 'operator',
    path: OpsPath.opsPersonAccountList,
    payload: { keyword: '李华' },
    list: true,
  },
  { name: 'operator: account detail with its history', who: 'operator', path: OpsPath.opsAccountDetail, payload: firstUnion, list: true },
  // The audit log (AUDIT_ROWS of them): a page of one action, of one operator, and a later page of each.
  ...[{ action: 'download' }, { action: 'download', before: 20_000 }, { actor: 'plan.op.7' }, { actor: 'plan.op.7', before: 40_000 }].map(
    (payload) => ({
      name: `operator: audit log of ${payload.action ? 'one action' : 'one operator'}${payload.before ? ', later page' : ''}`,
      who: 'operator' as const,
      path: OpsPath.opsAuditList,
      payload,
      list: true,
      indexed: ['audit_log'],
    }),
  ),
  // 统计报表: the summary tables kept on write (migration 0026), never the lines, treatments, claims or payments;
  // the whole city's enrolment from its rollup (migration 0035), never a scan of the per-unit rows.
  ...[
    ['enrolment by district', OpsPath.opsReportEnrolment, { year: 2026, by: 'district' }, ['enrolment_totals']],
    ['enrolment by union', OpsPath.opsReportEnrolment, { year: 2026, by: 'union' }, ['enrolment_totals']],
    ['enrolment by union type', OpsPath.opsReportEnrolment, { year: 2026, by: 'uniType' }, ['enrolment_totals']],
    ['enrolment by product', OpsPath.opsReportEnrolment, { year: 2026, by: 'product' }, ['enrolment_totals']],
    ['enrolment of a union', OpsPath.opsReportEnrolment, { year: 2026, by: 'product', unionId: 1 }, []],
    ['benefits per month, level and chapter', OpsPath.opsReportBenefits, { year: 2026 }, []],
    ['benefits of one product', OpsPath.opsReportBenefits, { year: 2026, productCode: '01' }, []],
    ['the fund', OpsPath.opsReportFund, {}, []],
  ].map(([name, path, payload, summaries]) => ({
    name: `operator: report, ${name}`,
    who: 'operator' as const,
    path: path as string,
    payload: payload as Record<string, unknown>,
    list: false,
    indexed: ['application_lines', 'applications', 'treatments', 'settlements', 'claims', 'payments', ...(summaries as string[])],
  })),
  // The dashboard's queues and what came in today (China midnight on): counts over indexes, not over the tables.
  {
    name: 'operator: dashboard (queues and today)',
    who: 'operator',
    path: OpsPath.opsDashboard,
    payload: {},
    list: false,
    indexed: ['registrations', 'applications', 'payments', 'claims', 'payout_batches'],
  },
];

/** Audit rows of the generated city (the generator writes none). */
const AUDIT_ROWS = 60_000;

/** A plan as text for a failure message. */
const show = (plan: PlanNode, depth = 0): string =>
  `${'  '.repeat(depth)}${plan['Node Type']}${plan['Index Name'] ? ` using ${plan['Index Name']}` : ''}${plan['Relation Name'] ? ` on ${plan['Relation Name']}` : ''} (rows ${plan['Actual Rows'] ?? plan['Plan Rows']})\n${(plan.Plans ?? []).map((p) => show(p, depth + 1)).join('')}`;

describe.skipIf(!adminUrl)('query plans of every list and statistics call on a medium city (PostgreSQL only: TEST_DATABASE_URL)', () => {
  let hall: TestHall;
  let pool: pg.Pool;
  let recorder: ReturnType<typeof recordQueries>;
  let large: Set<string>;
  const tokens = {} as Record<Who, string | undefined>;
  const name = `hall_test_plans_${randomBytes(5).toString('hex')}`;
  const summary: string[] = [];

  beforeAll(async () => {
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const clock = new ManualClock();
    await generateCity({ url: url.toString(), scale: 0.02, shape: { claims: 20_000, mailPerUnit: 30, heavyMail: 10_000 }, clock });
    pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
    // pool.end() resolves before its connections have closed; the DROP … WITH (FORCE) of afterAll
    // may then end one, whose error the pool emits: handled, as db/client.ts's pool does.
    pool.on('error', () => undefined);
    recorder = recordQueries(pool);
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    hall = await createTestHall(
      {},
      {
        database: { db, kind: 'postgres', migrate: async () => undefined, close: () => pool.end(), dumpAt: postgresDumpAt(url.toString()) },
      },
    );
    // The log of a city: logins of thousands of accounts; one action in 200 a download, one row in 500 the operator's.
    await pool.query(
      `insert into audit_log (at, actor_kind, actor_key, action, detail)
       select now() - make_interval(secs => $1 - i),
              case when i % 500 = 0 then 'operator' else 'unit' end,
              case when i % 500 = 0 then 'plan.op.7' else 'unit.' || (i % 4999) end,
              case when i % 200 = 0 then 'download' else 'login' end, '{}'::jsonb
       from generate_series(1, $1) as i`,
      [AUDIT_ROWS],
    );
    await pool.query('analyze audit_log');
    const { rows } = await pool.query<{ relname: string }>(
      `select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples > $1`,
      [LARGE],
    );
    large = new Set(rows.map((r) => r.relname));
    const union = await pool.query<{ unit_id: number; account_id: number }>(
      `select u.id as unit_id, a.id as account_id from units u join accounts a on a.unit_id = u.id where u.uact = 'csgh000000'`,
    );
    firstUnion.unionId = union.rows[0].unit_id;
    firstUnion.accountId = union.rows[0].account_id;
    await makeOperator(hall, { login: 'plan.op', name: '计划', password: 'Oper@2026ab', role: ['admin', 'reviewer', 'finance', 'data'] });
    tokens.unit = (await hall.loginUnit('qydw92101')).data.accessToken;
    tokens.union = (await hall.loginUnit('lhgh92001')).data.accessToken;
    tokens.personal = (await hall.loginPersonal('430102198503150022')).data.accessToken;
    tokens.operator = (
      await hall.post(OpsPath.opsLogin, {
        username: 'plan.op',
        password: 'Oper@2026ab',
        captchaId: await hall.captcha(),
        captchaCode: TEST_CAPTCHA,
      })
    ).data.accessToken;
  }, 600_000);

  afterAll(async () => {
    if (summary.length) console.log(`| call | plan of its reads | ms |\n|---|---|---|\n${summary.join('\n')}`);
    await hall?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }, 120_000);

  it('the city is large where it should be', () => {
    for (const t of [
      'persons',
      'staff',
      'coverages',
      'application_lines',
      'settlements',
      'treatments',
      'claims',
      'mail_messages',
      'audit_log',
    ]) {
      expect(large.has(t), t).toBe(true);
    }
  });

  const check = async (c: Case) => {
    recorder.statements.length = 0;
    recorder.recording = true;
    const answer = await hall.post(c.path, c.payload ?? {}, tokens[c.who as Exclude<Who, 'public'>]);
    recorder.recording = false;
    expect(answer, `${c.name}: ${answer.message}`).toMatchObject({ code: 0 });
    const reads = recorder.statements.filter((s) => isRead(s.text));
    const faults: string[] = [];
    for (const statement of reads) {
      const { plan, ms } = await explain(pool, statement);
      const found = planFaults(plan, { large, list: c.list });
      if (c.indexed) found.push(...indexFaults((await explain(pool, statement, true)).plan, c.indexed));
      // The docs' table: the reads that touch a large table (not the session check of every call).
      if (
        JSON.stringify(plan)
          .match(/"Relation Name":"([a-z_]+)"/g)
          ?.some((m) => large.has(m.slice(17, -1)))
      ) {
        summary.push(`| ${c.name} | ${planSummary(plan)} | ${ms.toFixed(2)} |`);
      }
      if (found.length) faults.push(`${found.join('; ')}\n  SQL: ${statement.text}\n${show(plan)}`);
    }
    expect(faults, `${c.name}:\n${faults.join('\n')}`).toEqual([]);
  };
  it.each(CASES.filter((c) => !c.known))('$name', check);
  it.fails.each(CASES.filter((c) => c.known))('$name (known: $known)', check);
});
