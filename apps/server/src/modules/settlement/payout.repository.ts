import { sql, type SQL } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';

/**
 * Payout batches of treatments (发放批次), all set-based: the pending treatments of the people who
 * can be paid go into `payouts` with their due in one INSERT … SELECT, the treatments follow in one
 * UPDATE, the mail in one INSERT … SELECT per kind.
 */

/** Batch numbers by kind: treatments FF…, claims BZFF… (补助发放). */
const BATCH_PREFIX = { treatment: 'FF', claim: 'BZFF' } as const;

/**
 * The next batch number of a day: prefix + YYYYMMDD + 5 digits (FF2026112200001,
 * BZFF2026112200001). Callers hold the lock that serialises their batches (the treatments lock;
 * the approved claims' rows), and the unique index refuses a duplicate should two meet.
 */
export async function nextBatchNo(db: Db, day: string, kind: keyof typeof BATCH_PREFIX = 'treatment'): Promise<string> {
  const prefix = `${BATCH_PREFIX[kind]}${day.replace(/-/g, '')}`;
  const [row] = rowsOf<{ last: string | null }>(
    await db.execute(sql`select max(batch_no) as last from payout_batches where batch_no like ${`${prefix}%`}`),
  );
  const n = row.last ? Number(row.last.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(n).padStart(5, '0')}`;
}

export async function insertBatch(db: Db, b: { batchNo: string; operator: string; paidOn: string; now: Date }): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into payout_batches (batch_no, kind, count, total_fen, operator, paid_on, created_at)
      values (${b.batchNo}, 'treatment', 0, 0, ${b.operator}, ${b.paidOn}, ${b.now}) returning id`),
  );
  return row.id;
}

/** Pending treatments (of one period, if given), with each person's balance over them. */
const pendingSql = (periodId: number | undefined) => sql`
  pend as (
    select t.id, t.person_id, t.amount_fen - t.paid_fen as due
    from treatments t where t.state = 'pending' ${periodId === undefined ? sql`` : sql`and t.period_id = ${periodId}`}
  ), net as (
    select pend.person_id, sum(pend.due)::int8 as net, p.bank_card is not null and p.bank_card <> '' as has_card
    from pend join persons p on p.id = pend.person_id group by pend.person_id, p.bank_card
  )`;

/**
 * Who is paid: a person whose balance over the pending treatments is positive and who has a bank
 * card, or whose balance is exactly zero (the set-off and the due cancel, nothing moves). A negative
 * balance stays pending until a later positive due covers it.
 */
const payable = sql`(net.net > 0 and net.has_card) or net.net = 0`;

/** One payouts row per pending treatment of the people who are paid; answers the count. */
export async function insertPayouts(db: Db, batchId: number, periodId: number | undefined, now: Date): Promise<number> {
  const result = await db.execute(sql`
    with ${pendingSql(periodId)}
    insert into payouts (batch_id, person_id, treatment_id, amount_fen, bank_name, bank_card, created_at)
    select ${batchId}, pend.person_id, pend.id, pend.due, p.bank_name, p.bank_card, ${now}
    from pend join net on net.person_id = pend.person_id join persons p on p.id = pend.person_id
    where ${payable}
    returning id`);
  return rowsOf(result).length;
}

/** The figures of a batch, written on it and answered. */
export async function batchFigures(db: Db, batchId: number) {
  const [row] = rowsOf<{ count: number; total: number; setOff: number; persons: number }>(
    await db.execute(sql`
      update payout_batches b set count = x.count, total_fen = x.total
      from (select count(*)::int as count, coalesce(sum(amount_fen), 0)::float8 as total,
              coalesce(sum(amount_fen) filter (where amount_fen < 0), 0)::float8 as set_off,
              count(distinct person_id)::int as persons
            from payouts where batch_id = ${batchId}) x
      where b.id = ${batchId}
      returning x.count, x.total, x.set_off as "setOff", x.persons`),
  );
  return row;
}

export interface HeldRecord {
  name: string;
  certNo: string;
  dueFen: number;
  hasCard: boolean;
}

/** People left pending by the batch (no card, or a negative balance): the first `limit`, and how many. */
export async function heldPeople(db: Db, periodId: number | undefined, limit: number): Promise<{ list: HeldRecord[]; count: number }> {
  const list = rowsOf<HeldRecord & { total: number }>(
    await db.execute(sql`
      with ${pendingSql(periodId)}
      select p.name, p.cert_no as "certNo", net.net::float8 as "dueFen", net.has_card as "hasCard", count(*) over ()::int as total
      from net join persons p on p.id = net.person_id
      where not (${payable})
      order by net.person_id limit ${limit}`),
  );
  return { list, count: list[0]?.total ?? 0 };
}

/** 站内信 of a batch: one to each paid person with a personal account, one to each unit of the paid treatments. */
export async function mailBatch(db: Db, batchId: number, batchNo: string, paidOn: string, sender: string, now: Date) {
  const money = (fen: SQL) => sql`to_char(${fen} / 100.0, 'FM999,999,990.00')`;
  await db.execute(sql`
    insert into mail_messages (recipient_kind, recipient_key, title, content, sender, read_flag, created_at)
    select 'personal', p.cert_no, '您的互助待遇已发放',
      '您的互助待遇 ' || count(*) || ' 笔已于 ' || ${paidOn} || ' 发放，合计 ¥' || ${money(sql`sum(o.amount_fen)`)}
        || case when min(o.amount_fen) < 0 then '（已冲减更正前多发的 ¥' || ${money(sql`-sum(o.amount_fen) filter (where o.amount_fen < 0)`)} || '）' else '' end
        || case when sum(o.amount_fen) > 0 then '，已转入您登记的' || coalesce(max(o.bank_name), '') || '银行卡（尾号' || right(max(o.bank_card), 4) || '）' else '' end
        || '。发放批次 ' || ${batchNo} || '。',
      ${sender}, '0', ${now}
    from payouts o
    join persons p on p.id = o.person_id
    join accounts a on a.login_type = 'personal' and a.person_id = p.id
    where o.batch_id = ${batchId}
    group by p.cert_no`);
  await db.execute(sql`
    insert into mail_messages (recipient_kind, recipient_key, title, content, sender, read_flag, created_at)
    select 'unit', u.uact, '职工互助待遇已发放',
      '本批（' || ${batchNo} || '，' || ${paidOn} || '）向贵单位 ' || count(distinct o.person_id) || ' 名职工发放互助待遇 '
        || count(*) || ' 笔，合计 ¥' || ${money(sql`sum(o.amount_fen)`)} || '。明细见“互助待遇查询”。',
      ${sender}, '0', ${now}
    from payouts o
    join treatments t on t.id = o.treatment_id
    join units u on u.id = t.unit_id
    where o.batch_id = ${batchId}
    group by u.uact`);
}

export async function periodIdOf(db: Db, year: number): Promise<number | undefined> {
  const [row] = rowsOf<{ id: number }>(await db.execute(sql`select id from periods where year = ${year}`));
  return row?.id;
}

export interface OpsTreatmentRecord {
  id: number;
  settlementNo: string;
  name: string;
  certNo: string;
  year: number;
  productCode: string;
  hospitalName: string;
  dischargedOn: string;
  amountFen: number;
  paidFen: number;
  state: string;
  reason: string | null;
  hasCard: boolean;
  batchNo: string | null;
}

/** The operator's list: newest first, at most `limit`, and the totals of every matching row. */
export async function listTreatments(
  db: Db,
  f: { state?: string; periodId?: number; personCertNo?: string; limit: number },
): Promise<{ list: OpsTreatmentRecord[]; total: { count: number; amountFen: number; paidFen: number; dueFen: number } }> {
  const where = sql.join(
    [
      sql`true`,
      ...(f.state ? [sql`t.state = ${f.state}`] : []),
      ...(f.periodId !== undefined ? [sql`t.period_id = ${f.periodId}`] : []),
      ...(f.personCertNo ? [sql`t.person_id = (select id from persons where cert_type = '01' and cert_no = ${f.personCertNo})`] : []),
    ],
    sql` and `,
  );
  const list = rowsOf<OpsTreatmentRecord>(
    await db.execute(sql`
      select t.id::float8 as id, s.settlement_no as "settlementNo", p.name, p.cert_no as "certNo", y.year, t.product_code as "productCode",
        t.hospital_name as "hospitalName", t.discharged_on::text as "dischargedOn", t.amount_fen::float8 as "amountFen",
        t.paid_fen::float8 as "paidFen", t.state, t.reason, coalesce(p.bank_card, '') <> '' as "hasCard", b.batch_no as "batchNo"
      from treatments t
      join settlements s on s.id = t.settlement_id
      join persons p on p.id = t.person_id
      join periods y on y.id = t.period_id
      left join payout_batches b on b.id = t.batch_id
      where ${where}
      order by t.id desc limit ${f.limit}`),
  );
  const [total] = rowsOf<{ count: number; amountFen: number; paidFen: number; dueFen: number }>(
    await db.execute(sql`
      select count(*)::int as count, coalesce(sum(t.amount_fen), 0)::float8 as "amountFen", coalesce(sum(t.paid_fen), 0)::float8 as "paidFen",
        coalesce(sum(t.amount_fen - t.paid_fen), 0)::float8 as "dueFen"
      from treatments t where ${where}`),
  );
  return { list, total };
}

/** A batch by its number: id and kind, or undefined. */
export async function batchByNo(db: Db, batchNo: string) {
  const [row] = rowsOf<{ id: number; kind: string; paidOn: string }>(
    await db.execute(sql`select id, kind, paid_on::text as "paidOn" from payout_batches where batch_no = ${batchNo}`),
  );
  return row;
}

/** The lines of a batch in the order they were paid (payouts_batch_idx), with the person and the settlement or claim each pays. */
/** A batch's lines after payout id `after`, `limit` of them in id order (keyset on payouts_batch_idx): the export's chunks. */
export async function batchLinesAfter(db: Db, batchId: number, after: number, limit: number) {
  return rowsOf<{
    id: number;
    name: string;
    certNo: string;
    bankName: string | null;
    bankCard: string | null;
    amountFen: number;
    ref: string | null;
  }>(
    await db.execute(sql`
      select o.id::int as id, p.name, p.cert_no as "certNo", o.bank_name as "bankName", o.bank_card as "bankCard",
             o.amount_fen::int as "amountFen", coalesce(s.settlement_no, c.claim_no) as ref
      from payouts o
      join persons p on p.id = o.person_id
      left join treatments t on t.id = o.treatment_id
      left join settlements s on s.id = t.settlement_id
      left join claims c on c.id = o.claim_id
      where o.batch_id = ${batchId} and o.id > ${after}
      order by o.id
      limit ${limit}`),
  );
}
