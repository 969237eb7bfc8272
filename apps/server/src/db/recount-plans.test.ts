/**
 * The recount that keeps the participation totals (migrations 0034 and 0044) over thousands of
 * people in one statement, as a unit of thousands of staff paying its application writes them:
 * its plan, read through auto_explain (EXPLAIN ANALYZE of the trigger's nested statements, sent to
 * this client as notices), does work in proportion to the rows, not to their square. The planner
 * knows nothing of a CTE's size: an anti-join against one ran as a nested loop, 50 million rows
 * compared for 5,006 people. Counted in rows, not timed. PostgreSQL only (auto_explain).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../lib/clock';
import { MemoryFileStore } from '../lib/storage';
import { createTestDatabase } from '../test/database';
import { rows } from '../test/refusal';
import { certNoOf, nameOf } from '../test/staff-fixtures';
import type { Database } from './client';
import { seedDemo } from './seed/demo';

const PEOPLE = 5000;

interface Plan {
  'Node Type': string;
  'Rows Removed by Join Filter'?: number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: Plan[];
}

/** The rows every join of a plan compared and threw away. */
const discarded = (plan: Plan): number =>
  (plan['Rows Removed by Join Filter'] ?? 0) * (plan['Actual Loops'] ?? 1) + (plan.Plans ?? []).reduce((sum, p) => sum + discarded(p), 0);

describe.skipIf(!process.env.TEST_DATABASE_URL)('the recount of thousands of people at once (PostgreSQL)', () => {
  let db: Database;
  let client: pg.Client;
  const plans: Array<{ query: string; plan: Plan }> = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    await seedDemo(db.db, new ManualClock(), '长沙市', new MemoryFileStore());
    const ks = Array.from({ length: PEOPLE }, (_, k) => k);
    const certs = ks.map((k) => certNoOf(k, '430111'));
    await db.db.execute(sql`insert into persons (cert_type, cert_no, name, insured, created_at)
      select '01', c, n, true, now() from unnest(${sql.param(certs)}::text[], ${sql.param(ks.map(nameOf))}::text[]) as t(c, n)
      on conflict do nothing`);
    await db.db.execute(sql`insert into applications (unit_id, period_id, kind, state, created_at, updated_at, paid_at)
      select u.id, p.id, 'new', 'paid', now(), now(), now() from units u, periods p where u.uact = 'dlgh99001' and p.year = 2026`);
    await db.db.execute(sql`insert into application_lines (application_id, period_id, product_code, person_id, shares, amount_fen, live)
      select (select max(id) from applications), (select id from periods where year = 2026), '01', p.id, 1, 6000, true
      from persons p where p.cert_type = '01' and p.cert_no = any(${sql.param(certs)}::text[])`);
    await db.db.execute(sql`analyze`);
    const [{ name }] = await rows(db.db, sql`select current_database() as name`);
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${name}`;
    client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    client.on('notice', (notice) => {
      const text = notice.message ?? '';
      const json = text.slice(text.indexOf('{'));
      if (!text.includes('plan:') || !json.startsWith('{')) return;
      const explained = JSON.parse(json) as { 'Query Text': string; Plan: Plan };
      plans.push({ query: explained['Query Text'], plan: explained.Plan });
    });
    await client.query(`load 'auto_explain'`);
    await client.query(`set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on;
      set auto_explain.log_nested_statements = on; set auto_explain.log_format = json; set auto_explain.log_level = notice`);
  });
  afterAll(async () => {
    await client?.end();
    await db?.close();
  });

  it('a unit’s coverages of 5,000 people inserted in one statement: the recount compares rows in proportion', async () => {
    await client.query(`insert into coverages (person_id, period_id, product_code, shares, unit_id, application_id, line_id, covered_from, continuing, created_at)
      select l.person_id, l.period_id, l.product_code, l.shares, a.unit_id, a.id, l.id, '2026-01-01', true, now()
      from application_lines l join applications a on a.id = l.application_id where a.id = (select max(id) from applications)`);
    const recount = plans.filter((p) => p.query.includes('INSERT INTO participation_totals'));
    expect(recount).toHaveLength(1);
    // Each person's rows (a line and a coverage, by product and in all) are compared a few times at most.
    for (const { plan } of plans) expect(discarded(plan)).toBeLessThan(PEOPLE * 10);
    // And the recount is whole: each person counts for the unit in the product and in all ('*').
    const [{ n }] = await rows(
      db.db,
      sql`select count(*)::int as n from participation_people t join application_lines l on l.person_id = t.person_id and l.period_id = t.period_id
        join applications a on a.id = l.application_id and a.unit_id = t.unit_id where a.id = (select max(id) from applications)`,
    );
    expect(n).toBe(PEOPLE * 2);
  });
});
