import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RULE_REASONS } from '@hall/shared';
import { createTestHall, type TestHall } from '../../test/harness';
import { staffOf } from '../../test/payable-fixtures';
import { coverPerson, fileOf, setBankCard, settlementCsv, type StayLine } from '../../test/settlement-fixtures';
import { listTreatments, payTreatments } from './payout.service';
import { NO_LONGER_COVERED } from './recompute.service';
import { loadSettlements } from './settlement.service';

/**
 * Settlements → treatments → payouts, through the services the CLI and the operator API call:
 * loading (new, unchanged, corrected, reversed, unknown people, bad rows), the banded rule per
 * person and year, and payout batches with their set-offs.
 */

let hall: TestHall;
type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) => ((await hall.db.execute(query)) as unknown as { rows: Row[] }).rows;
const who: Record<string, { personId: number; certNo: string; name: string }> = {};
const load = (lines: StayLine[], extra: string[] = [], name = '医保结算.csv') =>
  loadSettlements(hall.app.hall, '赵敏', fileOf(name, settlementCsv(lines, extra)));

/** The treatments of a settlement number (product 01). */
const treatmentOf = async (no: string) =>
  (
    await rows(sql`select t.amount_fen::int as amount, t.paid_fen::int as paid, t.base_fen::int as base, t.state, t.reason,
      u.uact, t.batch_id as batch from treatments t join settlements s on s.id = t.settlement_id join units u on u.id = t.unit_id
      where s.settlement_no = ${no} and t.product_code = '01'`)
  )[0];
const mailOf = async (kind: string, key: string) =>
  rows(
    sql`select title, content from mail_messages where recipient_kind = ${kind} and recipient_key = ${key} and title like '%待遇%' order by id`,
  );
const count = async (table: string) => (await rows(sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

let original: StayLine[];

beforeAll(async () => {
  hall = await createTestHall();
  const people = await staffOf(hall.db, 'qydw92101');
  const li = people.find((p) => p.name === '李华')!;
  const others = people.filter((p) => p.name !== '李华');
  who.A = li;
  ['B', 'C', 'D', 'E', 'F', 'G'].forEach((k, i) => {
    who[k] = others[i];
  });
  await coverPerson(hall.db, { uact: 'qydw92101', year: 2026, personId: who.A.personId });
  await coverPerson(hall.db, { uact: 'qydw92101', year: 2026, personId: who.B.personId, coveredFrom: '2026-06-01' });
  await coverPerson(hall.db, { uact: 'qydw92101', year: 2026, personId: who.C.personId, shares: 2 });
  await coverPerson(hall.db, { uact: 'qydw92101', year: 2026, personId: who.D.personId, productCode: '03' });
  await coverPerson(hall.db, { uact: 'qydw92101', year: 2026, personId: who.F.personId });
  await coverPerson(hall.db, { uact: 'qydw92101', year: 2026, personId: who.G.personId });
  await setBankCard(hall.db, who.A.personId, '6222020200112233445');
  await setBankCard(hall.db, who.C.personId, '6222020200112233446');
  await setBankCard(hall.db, who.G.personId, null);
  original = [
    { no: 'JS-A1', certNo: who.A.certNo, admitted: '2026-02-01', discharged: '2026-02-10', selfPolicy: '3000' },
    { no: 'JS-A2', certNo: who.A.certNo, admitted: '2026-04-01', discharged: '2026-04-12', selfPolicy: '8000' },
    { no: 'JS-B1', certNo: who.B.certNo, admitted: '2026-03-01', discharged: '2026-03-05', selfPolicy: '5000' },
    { no: 'JS-C1', certNo: who.C.certNo, admitted: '2026-05-01', discharged: '2026-06-20', selfPolicy: '100000', kind: '门诊特殊病' },
    { no: 'JS-D1', certNo: who.D.certNo, admitted: '2026-05-03', discharged: '2026-05-09', selfPolicy: '2000' },
    { no: 'JS-E1', certNo: who.E.certNo, admitted: '2026-05-03', discharged: '2026-05-09', selfPolicy: '2000' },
    { no: 'JS-F1', certNo: who.F.certNo, admitted: '2026-07-03', discharged: '2026-07-09', selfPolicy: '800.5' },
    { no: 'JS-G1', certNo: who.G.certNo, admitted: '2026-07-03', discharged: '2026-07-09', selfPolicy: '2000' },
    { no: 'JS-X1', certNo: '11010519491231002X', admitted: '2026-07-03', discharged: '2026-07-09', selfPolicy: '2000' },
    { no: 'JS-A0', certNo: who.A.certNo, admitted: '2020-05-01', discharged: '2020-05-09', selfPolicy: '2000' },
  ];
});
afterAll(() => hall.close());

describe('loading the bureau’s settlement file', () => {
  it('stores the rows of known people, skips unknown ones, reports bad rows by number', async () => {
    const bad = [
      'JS-BAD1,123,某人,湘雅医院,三级,住院,2026-01-01,2026-01-02,,100,80,60,20,0,K35.800,阑尾炎,否',
      `JS-BAD2,${who.A.certNo},李华,湘雅医院,三级,住院,2026-03-09,2026-03-02,,100,80,60,20,0,K35.800,阑尾炎,否`,
      `JS-BAD3,${who.A.certNo},李华,湘雅医院,三级,住院,2026-03-01,2026-03-02,,abc,80,60,20,0,K35.800,阑尾炎,否`,
      `JS-BAD4,${who.A.certNo},李华,湘雅医院,特级,住院,2026-03-01,2026-03-02,,100,80,60,20,0,K35.800,阑尾炎,否`,
      `JS-BAD5,${who.A.certNo},李华,湘雅医院,三级,住院,2026-03-01,2026-03-02,,100,80,60,20,0,阑尾炎,阑尾炎,否`,
    ];
    const r = await load(original, bad);
    expect(r).toMatchObject({ rows: 15, added: 9, replaced: 0, unchanged: 0, skipped: 1, rejected: 5, outsidePeriods: 1 });
    expect(r.errors).toEqual([
      { rowNo: 12, message: '身份证号码“123”有误' },
      { rowNo: 13, message: '入院日期晚于出院日期' },
      { rowNo: 14, message: '医疗总费用“abc”有误，应为不小于0的元金额，最多两位小数' },
      { rowNo: 15, message: '医院等级“特级”有误，应为一级、二级、三级或未定级' },
      { rowNo: 16, message: '诊断编码“阑尾炎”有误，应为 ICD-10 编码（如 I21.900）' },
    ]);
    expect(r.treatments).toMatchObject({ written: 7, payable: 4 });
    const [stored] = await rows(
      sql`select period_id, kind, self_policy_fen::int as self, version from settlements where settlement_no = 'JS-A0'`,
    );
    expect(stored).toMatchObject({ period_id: null, kind: 'inpatient', version: 1 });
    expect((await rows(sql`select kind from settlements where settlement_no = 'JS-C1'`))[0].kind).toBe('special_outpatient');
    expect(await rows(sql`select 1 from settlements where settlement_no = 'JS-X1'`)).toEqual([]);
    const [logged] = await rows(
      sql`select rows_total, rows_new, rows_skipped, rows_rejected, operator from settlement_loads where id = ${r.loadId}`,
    );
    expect(logged).toEqual({ rows_total: 15, rows_new: 9, rows_skipped: 1, rows_rejected: 5, operator: '赵敏' });
    const [audited] = await rows(sql`select detail from audit_log where action = 'operator' and detail->>'command' = 'settlement-load'`);
    expect(audited.detail).toMatchObject({ loadId: r.loadId, rows: 15, added: 9, skipped: 1 });
    // No ID number in the audit row.
    expect(JSON.stringify(audited.detail)).not.toContain(who.A.certNo);
  });

  it('computes each covered person’s year by the banded rule: deductible, bands, shares, cap', async () => {
    // 3,000 − 1,000 deductible = 2,000 × 45 %.
    expect(await treatmentOf('JS-A1')).toMatchObject({ amount: 90_000, base: 200_000, state: 'pending', reason: null, uact: 'qydw92101' });
    // Cumulative 2,000 → 10,000: 3,000 × 45 % + 5,000 × 50 %.
    expect(await treatmentOf('JS-A2')).toMatchObject({ amount: 385_000, base: 800_000, state: 'pending' });
    // Two shares: the banded 129,100 is capped at 30,000 × 2.
    expect(await treatmentOf('JS-C1')).toMatchObject({ amount: 6_000_000, state: 'pending', reason: RULE_REASONS.capReached(6_000_000) });
  });

  it('gives zero with the reason: waiting period, not in the product, below the deductible; none without cover', async () => {
    expect(await treatmentOf('JS-B1')).toMatchObject({ amount: 0, state: 'none', reason: RULE_REASONS.waiting('2026-06-01') });
    // Covered by 03 only: a row of 01 at zero, the unit from the 03 coverage.
    expect(await treatmentOf('JS-D1')).toMatchObject({ amount: 0, state: 'none', reason: RULE_REASONS.notCovered, uact: 'qydw92101' });
    expect(await treatmentOf('JS-F1')).toMatchObject({ amount: 0, base: 0, state: 'none', reason: RULE_REASONS.belowDeductible(100_000) });
    expect(
      await rows(sql`select 1 from treatments t join settlements s on s.id = t.settlement_id where s.settlement_no = 'JS-E1'`),
    ).toEqual([]);
    // Lump-sum products pay through claims: only the banded 01 gets rows.
    expect(await rows(sql`select distinct product_code from treatments`)).toEqual([{ product_code: '01' }]);
  });

  it('mails the person (with a personal account) each treatment that became payable', async () => {
    const mails = await mailOf('personal', who.A.certNo);
    expect(mails.map((m) => m.title)).toEqual(['您有一笔互助待遇待发放', '您有一笔互助待遇待发放']);
    expect(mails[1].content).toContain('计算互助待遇 ¥3,850.00，待发放 ¥3,850.00');
    expect(await mailOf('personal', who.C.certNo)).toEqual([]); // no personal account
  });

  it('loading the same file again changes nothing', async () => {
    const before = await rows(sql`select id, computed_at, amount_fen from treatments order by id`);
    const mails = await count('mail_messages');
    const r = await load(original);
    expect(r).toMatchObject({ rows: 10, added: 0, replaced: 0, unchanged: 9, skipped: 1, rejected: 0 });
    expect(r.treatments).toEqual({ persons: 0, written: 0, payable: 0, setOff: 0 });
    expect(await rows(sql`select id, computed_at, amount_fen from treatments order by id`)).toEqual(before);
    expect(await count('mail_messages')).toBe(mails);
  });

  it('refuses a file without the columns, or of another format, loading nothing', async () => {
    const loads = await count('settlement_loads');
    await expect(loadSettlements(hall.app.hall, '赵敏', fileOf('a.csv', Buffer.from('结算单号,姓名\nX,Y\n')))).rejects.toThrow(
      '文件缺少列：身份证号码、医院名称',
    );
    await expect(loadSettlements(hall.app.hall, '赵敏', fileOf('a.txt', Buffer.from('x')))).rejects.toThrow('.xlsx 或 .csv');
    await expect(loadSettlements(hall.app.hall, '赵敏', fileOf('a.csv', Buffer.from('')))).rejects.toThrow('文件为空');
    expect(await count('settlement_loads')).toBe(loads);
  });
});

describe('payout batches', () => {
  it('pays every pending treatment to the person’s card in one batch; no card: left pending with the reason', async () => {
    const r = await payTreatments(hall.app.hall, '赵敏', {});
    expect(r).toMatchObject({
      batchNo: 'FF2026112200001',
      paidOn: '2026-11-22',
      count: 3,
      persons: 2,
      totalFen: 90_000 + 385_000 + 6_000_000,
      setOffFen: 0,
      heldCount: 1,
    });
    expect(r.held).toEqual([
      {
        name: who.G.name,
        certNo: expect.stringMatching(/^\d{4}\*{10}[\dX]{4}$/),
        dueFen: 45_000,
        reason: expect.stringContaining('未登记银行卡'),
      },
    ]);
    expect(await treatmentOf('JS-A2')).toMatchObject({ amount: 385_000, paid: 385_000, state: 'paid', batch: r.batchId });
    expect(await treatmentOf('JS-G1')).toMatchObject({ paid: 0, state: 'pending', batch: null });
    const payouts = await rows(
      sql`select amount_fen::int as amount, bank_card from payouts where batch_id = ${r.batchId} order by amount_fen`,
    );
    expect(payouts.map((p) => p.amount)).toEqual([90_000, 385_000, 6_000_000]);
    expect(payouts[0].bank_card).toBe('6222020200112233445');
    const [batch] = await rows(
      sql`select kind, count, total_fen::int as total, operator, paid_on::text as day from payout_batches where id = ${r.batchId}`,
    );
    expect(batch).toEqual({ kind: 'treatment', count: 3, total: 6_475_000, operator: '赵敏', day: '2026-11-22' });
    // One mail to the person, one to the unit for the batch (not one per row).
    const paid = (await mailOf('personal', who.A.certNo)).filter((m) => m.title === '您的互助待遇已发放');
    expect(paid).toHaveLength(1);
    expect(paid[0].content).toContain('2 笔已于 2026-11-22 发放，合计 ¥4,750.00，已转入您登记的中国工商银行长沙分行银行卡（尾号3445）');
    const unit = (await mailOf('unit', 'qydw92101')).filter((m) => m.title === '职工互助待遇已发放');
    expect(unit).toHaveLength(1);
    expect(unit[0].content).toContain('向贵单位 2 名职工发放互助待遇 3 笔，合计 ¥64,750.00');
    const [audited] = await rows(sql`select detail from audit_log where detail->>'command' = 'treatment-pay'`);
    expect(audited.detail).toMatchObject({ batchNo: 'FF2026112200001', count: 3, held: 1 });
  });

  it('a correction lowering an amount already paid leaves a set-off, held while the balance is negative', async () => {
    const corrected = original.map((l) => (l.no === 'JS-A2' ? { ...l, selfPolicy: '4000' } : l));
    const r = await load(corrected);
    expect(r).toMatchObject({ added: 0, replaced: 1, unchanged: 8 });
    expect(r.treatments).toMatchObject({ persons: 1, written: 1, payable: 0, setOff: 1 });
    // Cumulative 2,000 → 6,000: 3,000 × 45 % + 1,000 × 50 % = 1,850, of 3,850 paid.
    expect(await treatmentOf('JS-A2')).toMatchObject({ amount: 185_000, paid: 385_000, state: 'pending' });
    expect((await rows(sql`select version from settlements where settlement_no = 'JS-A2'`))[0].version).toBe(2);
    const batches = await count('payout_batches');
    await expect(payTreatments(hall.app.hall, '赵敏', { year: 2026 })).rejects.toThrow('没有可发放的互助待遇：2 人');
    expect(await count('payout_batches')).toBe(batches);
    const listed = await listTreatments(hall.app.hall, '赵敏', { state: 'pending', limit: 200 });
    expect(listed.total).toMatchObject({ count: 2, dueFen: -200_000 + 45_000 });
    expect(listed.list.find((t) => t.settlementNo === 'JS-G1')?.hold).toContain('未登记银行卡');
  });

  it('a later positive due covers the set-off: the batch nets them and pays the rest', async () => {
    const r = await load([{ no: 'JS-A3', certNo: who.A.certNo, admitted: '2026-09-01', discharged: '2026-09-10', selfPolicy: '6000' }]);
    expect(r.treatments).toMatchObject({ persons: 1, written: 1, payable: 1 });
    // Cumulative 6,000 → 12,000: 4,000 × 50 % + 2,000 × 55 %.
    expect(await treatmentOf('JS-A3')).toMatchObject({ amount: 310_000, state: 'pending' });
    const paid = await payTreatments(hall.app.hall, '赵敏', { year: 2026, paidOn: '2026-11-20' });
    expect(paid).toMatchObject({
      batchNo: 'FF2026112200002',
      paidOn: '2026-11-20',
      count: 2,
      persons: 1,
      totalFen: 110_000,
      setOffFen: -200_000,
    });
    expect(await treatmentOf('JS-A2')).toMatchObject({ amount: 185_000, paid: 185_000, state: 'paid' });
    expect(await treatmentOf('JS-A3')).toMatchObject({ amount: 310_000, paid: 310_000, state: 'paid' });
    const mail = (await mailOf('personal', who.A.certNo)).at(-1)!;
    expect(mail.content).toContain('合计 ¥1,100.00（已冲减更正前多发的 ¥2,000.00）');
  });

  it('a reversal (冲销) falls to zero; what was paid is set off', async () => {
    const r = await load([{ ...original[3], reversed: '是' }]);
    expect(r).toMatchObject({ replaced: 1 });
    expect(r.treatments).toMatchObject({ setOff: 1 });
    expect(await treatmentOf('JS-C1')).toMatchObject({ amount: 0, paid: 6_000_000, state: 'pending', reason: RULE_REASONS.reversed });
  });

  it('a correction moving a stay out of the covered year removes an unpaid treatment, zeroes a paid one', async () => {
    await load([
      { ...original[6], discharged: '2025-12-20', admitted: '2025-12-10' },
      { ...original[0], discharged: '2025-12-20', admitted: '2025-12-10' },
    ]);
    expect(await treatmentOf('JS-F1')).toBeUndefined();
    expect(await treatmentOf('JS-A1')).toMatchObject({ amount: 0, paid: 90_000, state: 'pending', reason: NO_LONGER_COVERED });
    // A2 now takes the deductible: 4,000 − 1,000 = 3,000 × 45 %.
    expect(await treatmentOf('JS-A2')).toMatchObject({ amount: 135_000, paid: 185_000, state: 'pending' });
  });

  // The file is merged chunk by chunk: a copy in the same chunk, and one a later chunk brings (chunks of one row).
  it.each([
    ['in one chunk', 'JS-DUP1', undefined],
    ['in two chunks', 'JS-DUP2', 1],
  ])('a number repeated in one file (%s): the last row wins, the earlier counts as replaced', async (_, no, chunkRows) => {
    const first = { no, certNo: who.F.certNo, admitted: '2026-08-01', discharged: '2026-08-03', selfPolicy: '500' };
    const file = () => fileOf('医保结算.csv', settlementCsv([first, { ...first, selfPolicy: '700' }, first, first]));
    const r = await loadSettlements(hall.app.hall, '赵敏', file(), { chunkRows });
    expect(r).toMatchObject({ rows: 4, added: 1, replaced: 3, unchanged: 0, skipped: 0 });
    const [stored] = await rows(sql`select self_policy_fen::int as self, version from settlements where settlement_no = ${no}`);
    expect(stored).toEqual({ self: 50_000, version: 1 });
    // Loaded again: the stored row equals the file's last copy; the earlier copies still count as replaced.
    const again = await loadSettlements(hall.app.hall, '赵敏', file(), { chunkRows });
    expect(again).toMatchObject({ rows: 4, added: 0, replaced: 3, unchanged: 1 });
    // Two equal copies of the stored row: the earlier is replaced by the later, nothing written.
    const equal = fileOf('医保结算.csv', settlementCsv([first, first]));
    expect(await loadSettlements(hall.app.hall, '赵敏', equal, { chunkRows })).toMatchObject({ rows: 2, replaced: 1, unchanged: 1 });
    expect(await treatmentOf(no)).toMatchObject({ base: 0 });
  });

  // New chunks are copied straight in, each in a savepoint, up to 48 of them (settlement-chunk.ts);
  // later ones ask first. A stored number found either way turns the load to merging from there on.
  it('a file of more chunks than savepoints: new rows copied, a stored number asked for and merged', async () => {
    const stays: StayLine[] = Array.from({ length: 56 }, (_, i) => {
      const day = `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + Math.floor(i / 12)).padStart(2, '0')}`;
      return { no: `JS-SP${i}`, certNo: (i % 2 ? who.F : who.G).certNo, admitted: day, discharged: day, selfPolicy: String(100 + i) };
    });
    const earlier = { no: 'JS-EARLIER-SP', certNo: who.F.certNo, admitted: '2026-11-01', discharged: '2026-11-02', selfPolicy: '300' };
    await load([earlier]);
    // Chunk 53 repeats chunk 1's number (asked: found, merged from there on), chunk 55 is stored and equal.
    const file = [...stays.slice(0, 52), { ...stays[0], selfPolicy: '999' }, stays[52], earlier, stays[53]];
    const r = await loadSettlements(hall.app.hall, '赵敏', fileOf('医保结算.csv', settlementCsv(file)), { chunkRows: 1 });
    expect(r).toMatchObject({ rows: 56, added: 54, replaced: 1, unchanged: 1, skipped: 0, rejected: 0 });
    const stored = await rows(sql`select settlement_no as no, self_policy_fen::int as self, version from settlements
      where settlement_no like 'JS-SP%' order by id`);
    expect(stored).toHaveLength(54);
    expect(stored.find((s) => s.no === 'JS-SP0')).toEqual({ no: 'JS-SP0', self: 99_900, version: 1 });
    // Rows copied straight in are computed as the merge's are: one treatment each (both people covered).
    expect(await treatmentOf('JS-SP53')).toMatchObject({ base: expect.any(Number), state: expect.any(String) });
    const [{ n }] = await rows(sql`select count(*)::int as n from treatments t join settlements s on s.id = t.settlement_id
      where s.settlement_no like 'JS-SP%' and t.product_code = '01'`);
    expect(n).toBe(54);
  });

  // The load keeps each ID number's person up to a bound, then starts again (settlement-chunk.ts).
  it('past the bound of people it keeps, a load asks again: every known row stored, none skipped', async () => {
    const stays: StayLine[] = [who.F, who.G, who.A, who.F, who.G, who.A, who.E].map((p, i) => ({
      no: `JS-KEPT${i}`,
      certNo: p.certNo,
      admitted: `2026-09-0${1 + i}`,
      discharged: `2026-09-0${1 + i}`,
      selfPolicy: '100',
    }));
    const file = fileOf('医保结算.csv', settlementCsv(stays));
    const r = await loadSettlements(hall.app.hall, '赵敏', file, { chunkRows: 3, personsKept: 2 });
    expect(r).toMatchObject({ rows: 7, added: 7, skipped: 0, rejected: 0 });
  });

  // The computation is pipelined (a batch reads before the batch before it has written): a stay
  // moved to someone else of the same year, with each person in a batch of their own.
  it('a correction moving a stay to another person computes both, whichever batch comes first', async () => {
    const stay = { no: 'JS-MV1', certNo: who.F.certNo, admitted: '2026-10-01', discharged: '2026-10-08', selfPolicy: '5000' };
    await load([stay]);
    const holders = async () =>
      rows(sql`select t.person_id as "personId", t.amount_fen::int as amount from treatments t
        join settlements s on s.id = t.settlement_id where s.settlement_no = 'JS-MV1' and t.product_code = '01'`);
    expect(await holders()).toEqual([{ personId: who.F.personId, amount: expect.any(Number) }]);
    for (const [from, to] of [
      [who.F, who.G],
      [who.G, who.F],
    ]) {
      const moved = fileOf('医保结算.csv', settlementCsv([{ ...stay, certNo: to.certNo }]));
      const r = await loadSettlements(hall.app.hall, '赵敏', moved, { batchPeople: 1 });
      expect(r).toMatchObject({ replaced: 1 });
      expect(r.treatments.persons).toBe(2);
      expect(await holders()).toEqual([{ personId: to.personId, amount: expect.any(Number) }]);
      expect(from.personId).not.toBe(to.personId);
    }
  });

  it('pays nothing when nothing is pending of the year asked, and refuses a year without a period or a future day', async () => {
    await expect(payTreatments(hall.app.hall, '赵敏', { year: 2024 })).rejects.toThrow('没有可发放的互助待遇');
    await expect(payTreatments(hall.app.hall, '赵敏', { year: 2031 })).rejects.toThrow('2031年度互助期不存在');
    await expect(payTreatments(hall.app.hall, '赵敏', { paidOn: '2026-12-01' })).rejects.toThrow('发放日期不能晚于今天');
  });
});
