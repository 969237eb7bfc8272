import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestHall, type TestHall } from '../../test/harness';
import { staffOf } from '../../test/payable-fixtures';
import { coverPerson, fileOf, settlementCsv } from '../../test/settlement-fixtures';
import type { ClaimState } from '@hall/shared';
import { transition } from '../claims/transition.service';
import { loadSettlements } from './settlement.service';

/**
 * A person's live 手工报销 claims use up the same deductible (¥1,000) and cap as their settlements:
 * the settlement's treatment is computed with the claim's stay before it (base = invoice), and the
 * claim's own result is not stored as a treatment. Drafts and refused claims do not count.
 */

let hall: TestHall;
type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) => ((await hall.db.execute(query)) as unknown as { rows: Row[] }).rows;
let people: Array<{ personId: number; certNo: string }>;

beforeAll(async () => {
  hall = await createTestHall();
  people = (await staffOf(hall.db, 'qydw92101')).slice(0, 6);
  for (const p of people) await coverPerson(hall.db, { uact: 'qydw92101', year: 2026, personId: p.personId });
});
afterAll(async () => {
  await hall?.close();
});

describe('treatments with the person’s manual claims of the year', () => {
  // A ¥3,000 settlement discharged 10 May; a ¥3,000 manual claim of a March stay, in each state.
  it.each([
    { claim: null, amountFen: 90_000, counted: 200_000, why: 'no claim: the settlement pays the deductible' },
    { claim: 'unit_review', amountFen: 135_000, counted: 300_000, why: 'a filed claim used up the deductible' },
    { claim: 'approved', amountFen: 135_000, counted: 300_000, why: 'approved' },
    { claim: 'paid', amountFen: 135_000, counted: 300_000, why: 'paid' },
    { claim: 'draft', amountFen: 90_000, counted: 200_000, why: 'a draft does not count' },
    { claim: 'refused', amountFen: 90_000, counted: 200_000, why: 'a refused claim does not count' },
  ])('$why', async ({ claim, amountFen, counted }) => {
    const i = ['null', 'unit_review', 'approved', 'paid', 'draft', 'refused'].indexOf(String(claim));
    const who = people[i];
    if (claim)
      await hall.db.execute(sql`
        insert into claims (claim_no, type, state, person_id, unit_id, period_id, product_code, filed_by, admitted_on, discharged_on,
          invoice_fen, amount_fen, created_at, updated_at)
        select ${`BZ-T${i}`}, 'manual', ${claim}, ${who.personId}, u.id, y.id, '01', 'unit', '2026-03-01', '2026-03-08', 300000, 0, now(), now()
        from units u, periods y where u.uact = 'qydw92101' and y.year = 2026`);
    await loadSettlements(
      hall.app.hall,
      '赵敏',
      fileOf(
        'f.csv',
        settlementCsv([{ no: `JS-M${i}`, certNo: who.certNo, admitted: '2026-05-01', discharged: '2026-05-10', selfPolicy: '3000' }]),
      ),
    );
    const [t] = await rows(sql`select t.amount_fen::int as amount, t.base_fen::int as base from treatments t
      join settlements s on s.id = t.settlement_id where s.settlement_no = ${`JS-M${i}`}`);
    expect(t).toEqual({ amount: amountFen, base: counted });
    // The claim's stay is not stored as a treatment.
    expect((await rows(sql`select count(*)::int as n from treatments where person_id = ${who.personId}`))[0].n).toBe(1);
  });

  it('a manual claim that becomes live, or stops being live, recomputes the treatments of its year at once', async () => {
    const who = (await staffOf(hall.db, 'fhgh93101'))[0];
    await coverPerson(hall.db, { uact: 'fhgh93101', year: 2026, personId: who.personId });
    await loadSettlements(
      hall.app.hall,
      '赵敏',
      fileOf(
        'g.csv',
        settlementCsv([{ no: 'JS-LIVE', certNo: who.certNo, admitted: '2026-05-01', discharged: '2026-05-10', selfPolicy: '3000' }]),
      ),
    );
    const amount = async () =>
      (
        await rows(sql`select t.amount_fen::int as amount, t.state from treatments t
          join settlements s on s.id = t.settlement_id where s.settlement_no = 'JS-LIVE'`)
      )[0];
    expect(await amount()).toEqual({ amount: 90_000, state: 'pending' });
    const [claim] = await rows(sql`
      insert into claims (claim_no, type, state, person_id, unit_id, period_id, product_code, filed_by, admitted_on, discharged_on,
        invoice_fen, amount_fen, created_at, updated_at)
      select 'BZ-LIVE', 'manual', 'draft', ${who.personId}, u.id, y.id, '01', 'unit', '2026-03-01', '2026-03-08', 300000, 0, now(), now()
      from units u, periods y where u.uact = 'fhgh93101' and y.year = 2026 returning id`);
    const move = (from: ClaimState[], to: ClaimState) =>
      hall.app.hall.db.transaction((db) =>
        transition(hall.app.hall, db, hall.clock.now(), {
          claimId: Number(claim.id),
          from,
          to,
          actor: { kind: 'operator', name: '赵敏', key: '赵敏' },
          note: to === 'refused' ? '发票与结算重复' : null,
          refusal: 'x',
        }),
      );
    await move(['draft'], 'city_review');
    expect(await amount()).toEqual({ amount: 135_000, state: 'pending' });
    await move(['city_review'], 'refused');
    expect(await amount()).toEqual({ amount: 90_000, state: 'pending' });
  });
});
