import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { isUniqueViolation } from '../../lib/unique-violation';

/**
 * The roster's own SQL over its staged rows (the staging itself: lib/staged-import.repository.ts,
 * kind 'roster'): checked against persons, the registry and the other units in set-based
 * statements; confirmed with INSERT … SELECT in one transaction.
 */
const BANK_NAME = sql`x.bank_name`;
const BANK_CARD = sql`x.bank_card`;

/** The rows of a raw statement (both drivers answer {rows}). */

/**
 * A row repeating an earlier row's ID number gets its own error and the duplicate's, which names
 * the first row (`before` || row number || `after`): one hashed aggregate over the batch, in the
 * caller's transaction (tuneForBatch). Done here rather than with a map of every ID number while
 * reading: at 460,000 rows that map and its garbage were the largest part of the import's memory.
 */
export async function markDuplicates(db: Db, batchId: string, message: { before: string; after: string }) {
  await db.execute(sql`
    update import_rows ir set error = concat_ws('；', ir.error, ${message.before} || d.first || ${message.after})
    from (
      select cert_no, min(row_no) as first from import_rows
      where batch_id = ${batchId}::uuid and cert_no <> ''
      group by cert_no having count(*) > 1
    ) d
    where ir.batch_id = ${batchId}::uuid and ir.cert_no = d.cert_no and ir.row_no > d.first`);
}

/**
 * The checks that need the database, for the rows still valid: insured (the registry's row when
 * there is one, else what the hall holds), the registered name, open at another unit.
 */
export async function checkAgainstHall(
  db: Db,
  batchId: string,
  unitId: number,
  m: { notInsured: string; nameMismatch: string; openElsewhere: string },
) {
  await db.execute(sql`
    update import_rows ir set error = c.err
    from (
      select x.row_no,
        case
          when not (case when r.code is not null then r.active else coalesce(p.insured, false) end) then ${m.notInsured}
          when coalesce(p.name, r.name) <> x.name then ${m.nameMismatch}
          when exists (select 1 from staff s where s.person_id = p.id and s.left_on is null and s.unit_id <> ${unitId}) then ${m.openElsewhere}
        end as err
      from import_rows x
      left join persons p on p.cert_type = '01' and p.cert_no = x.cert_no
      left join insured_registry r on r.kind = 'person' and r.code = x.cert_no
      where x.batch_id = ${batchId}::uuid and x.error is null
    ) c
    where ir.batch_id = ${batchId}::uuid and ir.row_no = c.row_no and c.err is not null`);
}

/**
 * New people of the valid rows (insured: the checks found them so in the registry). Those the hall
 * does not know yet are inserted plainly, in a savepoint; ON CONFLICT's speculative insertion
 * costs a third more (about 1 s of 460,000 rows) and is needed only when someone inserted one of
 * them meanwhile: then the savepoint is rolled back and the rows go in with ON CONFLICT DO NOTHING.
 */
export async function insertNewPersons(db: Db, batchId: string, now: Date) {
  const insert = (plain: boolean) => sql`
    insert into persons (cert_type, cert_no, name, gender, birth_date, insured, bank_name, bank_card, created_at)
    select '01', x.cert_no, x.name,
      case when substr(x.cert_no, 17, 1)::int % 2 = 1 then '1' else '2' end,
      to_date(substr(x.cert_no, 7, 8), 'YYYYMMDD'), true, ${BANK_NAME}, ${BANK_CARD}, ${now}
    from import_rows x
    where x.batch_id = ${batchId}::uuid and x.error is null
    ${plain ? sql`and not exists (select 1 from persons p where p.cert_type = '01' and p.cert_no = x.cert_no)` : sql`on conflict (cert_type, cert_no) do nothing`}`;
  try {
    await db.transaction((savepoint) => savepoint.execute(insert(true)));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await db.execute(insert(false));
  }
}

/** Bank details of people the hall knew, where the roster gives another card: how many changed. */
export async function updateBanks(db: Db, batchId: string): Promise<number> {
  const result = await db.execute(sql`
    with changed as (
      update persons p set bank_name = ${BANK_NAME}, bank_card = ${BANK_CARD}
      from import_rows x
      where x.batch_id = ${batchId}::uuid and x.error is null and (x.bank_name is not null or x.bank_card is not null)
        and p.cert_type = '01' and p.cert_no = x.cert_no
        and (p.bank_card is distinct from ${BANK_CARD} or p.bank_name is distinct from ${BANK_NAME})
      returning 1
    ) select count(*)::int as n from changed`);
  return Number(rowsOf<{ n: number }>(result)[0].n);
}

/**
 * The staff rows: this unit's existing ones (open or left) updated and opened, new ones inserted.
 * Plainly, in a savepoint: ON CONFLICT's speculative insertion costs about a fifth more and is
 * needed only when another confirmation of this unit inserted one of them meanwhile; then the
 * savepoint is rolled back and the rows go in with ON CONFLICT … DO UPDATE. The partial unique
 * index staff_open_person_key refuses anyone opened at another unit meanwhile (either way).
 */
export async function upsertStaff(db: Db, batchId: string, unitId: number, now: Date): Promise<{ added: number; updated: number }> {
  const valid = sql`from import_rows x join persons p on p.cert_type = '01' and p.cert_no = x.cert_no
      where x.batch_id = ${batchId}::uuid and x.error is null`;
  const plain = async (tx: Db) => {
    const updated = await tx.execute(sql`
      with up as (
        update staff s set psn_type = x.psn_type, phone = coalesce(x.phone, s.phone), joined_on = x.joined_on,
          left_on = null, leave_reason = null, updated_at = ${now}
        from import_rows x join persons p on p.cert_type = '01' and p.cert_no = x.cert_no
        where x.batch_id = ${batchId}::uuid and x.error is null and s.unit_id = ${unitId} and s.person_id = p.id
        returning 1
      ) select count(*)::int as n from up`);
    const added = await tx.execute(sql`
      with ins as (
        insert into staff (unit_id, person_id, psn_type, phone, joined_on, created_at, updated_at)
        select ${unitId}, p.id, x.psn_type, x.phone, x.joined_on, ${now}, ${now}
        ${valid} and not exists (select 1 from staff s where s.unit_id = ${unitId} and s.person_id = p.id)
        returning 1
      ) select count(*)::int as n from ins`);
    return { added: Number(rowsOf<{ n: number }>(added)[0].n), updated: Number(rowsOf<{ n: number }>(updated)[0].n) };
  };
  try {
    return await db.transaction((savepoint) => plain(savepoint));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const result = await db.execute(sql`
    with up as (
      insert into staff (unit_id, person_id, psn_type, phone, joined_on, created_at, updated_at)
      select ${unitId}, p.id, x.psn_type, x.phone, x.joined_on, ${now}, ${now}
      ${valid}
      on conflict (unit_id, person_id) do update set
        psn_type = excluded.psn_type, phone = coalesce(excluded.phone, staff.phone), joined_on = excluded.joined_on,
        left_on = null, leave_reason = null, updated_at = excluded.updated_at
      returning (xmax = 0) as inserted
    ) select (count(*) filter (where inserted))::int as added, (count(*) filter (where not inserted))::int as updated from up`);
  const [row] = rowsOf<{ added: number; updated: number }>(result);
  return { added: Number(row.added), updated: Number(row.updated) };
}
