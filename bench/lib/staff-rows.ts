import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { demoCertNo, demoName } from '../../apps/server/src/db/seed/demo-staff';

/**
 * Gives a unit `count` generated staff (persons with valid ID numbers, one in ten left on
 * 2026-06-30), in sets of 10,000 through `unnest`: the big unit of the list and export benches.
 */
export async function addStaff(db: Db, unitId: number, count: number) {
  for (let from = 0; from < count; from += 10_000) {
    const ids = Array.from({ length: Math.min(10_000, count - from) }, (_, k) => from + k);
    await db.execute(sql`insert into persons (cert_type, cert_no, name, gender, birth_date, insured, created_at)
      select '01', c, n, case when substr(c, 17, 1)::int % 2 = 1 then '1' else '2' end, to_date(substr(c, 7, 8), 'YYYYMMDD'), true, now()
      from unnest(${sql.param(ids.map(demoCertNo))}::text[], ${sql.param(ids.map(demoName))}::text[]) as t(c, n)
      on conflict do nothing`);
    await db.execute(sql`insert into staff (unit_id, person_id, psn_type, joined_on, left_on, created_at, updated_at)
      select ${unitId}, p.id, '1', '2020-01-01', case when p.id % 10 = 0 then '2026-06-30'::date end, now(), now()
      from persons p where p.cert_no = any(${sql.param(ids.map(demoCertNo))}::text[]) on conflict do nothing`);
  }
  await db.execute(sql`analyze`);
}
