import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { cappedCount } from '../../lib/capped-count.repository';
import { containing, startingWith } from '../../lib/like';

/** The unit's current staff with their status in the bureau's registry (insured_registry, kind person). */

export interface StatusFilters {
  name?: string;
  certNo?: string;
  status?: string;
}

export interface StatusRow {
  staff_id: number;
  name: string;
  cert_no: string;
  gender: string;
  joined_on: string;
  status: string;
  since: string | null;
}

function query(unitId: number, f: StatusFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.name) parts.push(sql`x.name like ${containing(f.name)}`);
  if (f.certNo) parts.push(sql`x.cert_no like ${startingWith(f.certNo)}`);
  if (f.status) parts.push(sql`x.status = ${f.status}`);
  return sql`
    select * from (
      select s.id as staff_id, p.name, p.cert_no, coalesce(p.gender, '') as gender, s.joined_on::text as joined_on,
             case when r.code is null then 'none' when r.active then 'active' else 'inactive' end as status,
             r.since::text as since
      from staff s join persons p on p.id = s.person_id
      left join insured_registry r on r.kind = 'person' and r.code = p.cert_no
      where s.unit_id = ${unitId} and s.left_on is null
    ) x where ${sql.join(parts, sql` and `)}`;
}

/** A page (capped offset on the staff id) and the count of the filtered set, up to the cap. */
export async function statusPage(db: Db, unitId: number, f: StatusFilters, pageNum: number, pageSize: number) {
  const q = query(unitId, f);
  // Unfiltered, the count is the unit's current staff (each has one person and at most one
  // registry row): counted on the roster index alone, not joined to every person.
  const filtered = !!(f.name || f.certNo || f.status);
  const [total, rows] = await Promise.all([
    cappedCount(db, filtered ? q : sql`select s.id from staff s where s.unit_id = ${unitId} and s.left_on is null`),
    db.execute(sql`${q} order by x.staff_id limit ${pageSize} offset ${(pageNum - 1) * pageSize}`),
  ]);
  return { total, rows: rowsOf<StatusRow>(rows) };
}

/** The rows after a staff id (keyset), for the export. */
export async function statusAfter(db: Db, unitId: number, f: StatusFilters, after: number, limit: number) {
  return rowsOf<StatusRow>(await db.execute(sql`${query(unitId, f)} and x.staff_id > ${after} order by x.staff_id limit ${limit}`));
}
