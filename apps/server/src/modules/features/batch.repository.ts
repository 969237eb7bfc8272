import { sql } from 'drizzle-orm';
import { type Db, queryRows, idList } from '../../db/client';

/** 批量操作: the rows of a batch, locked and scoped to the caller in SQL, and their one-statement changes. */

export interface Recipient {
  kind: 'unit' | 'personal';
  key: string;
}

const ofRecipient = (r: Recipient, ids: number[]) =>
  sql`recipient_kind = ${r.kind} and recipient_key = ${r.key} and id in (${idList(ids)})`;

/** The named messages that are the recipient's, locked. */
export async function lockOwnMail(db: Db, r: Recipient, ids: number[]): Promise<number[]> {
  const rows = await queryRows<{ id: string | number }>(db, sql`select id from mail_messages where ${ofRecipient(r, ids)} for update`);
  return rows.map((row) => Number(row.id));
}

export async function markMailRead(db: Db, r: Recipient, ids: number[], now: Date) {
  await db.execute(sql`update mail_messages set read_flag = '1', read_at = coalesce(read_at, ${now}) where ${ofRecipient(r, ids)}`);
}

export async function deleteMail(db: Db, r: Recipient, ids: number[]) {
  await db.execute(sql`delete from mail_messages where ${ofRecipient(r, ids)}`);
}

export interface StaffRow {
  id: number;
  name: string;
  joinedOn: string;
  leftOn: string | null;
}

/** The named staff rows of the unit, locked. */
export function lockUnitStaff(db: Db, unitId: number, ids: number[]) {
  return queryRows<StaffRow>(
    db,
    sql`select s.id, p.name, to_char(s.joined_on, 'YYYY-MM-DD') as "joinedOn", to_char(s.left_on, 'YYYY-MM-DD') as "leftOn"
        from staff s join persons p on p.id = s.person_id
        where s.unit_id = ${unitId} and s.id in (${idList(ids)})
        order by s.id for update of s`,
  );
}

export async function leaveMany(db: Db, unitId: number, ids: number[], leftOn: string, reason: string, now: Date) {
  await db.execute(
    sql`update staff set left_on = ${leftOn}, leave_reason = ${reason}, updated_at = ${now}
        where unit_id = ${unitId} and id in (${idList(ids)}) and left_on is null`,
  );
}
