/** The paid application of each staffed unit, its payment, and each person's line and coverage. */
import { line } from '../copy';
import { at, type CityBase, pad } from './base';

const RATE_FEN = 6000;

export const applicationColumns = [
  'id',
  'unit_id',
  'period_id',
  'kind',
  'state',
  'review_unit_id',
  'headcount',
  'amount_fen',
  'created_at',
  'submitted_at',
  'reviewed_at',
  'paid_at',
  'updated_at',
];
export const applicationRow = (city: CityBase, a: number) => {
  const y = city.c.year - 1;
  const head = city.headcountOf(a);
  const person = a === 0 ? 0 : city.c.shape.heavyStaff + (a - 1);
  return line([
    city.c.base.application + a,
    city.unitOfPerson(person),
    city.c.periodId,
    'new',
    'paid',
    city.reviewUnitOf(person),
    head,
    head * RATE_FEN,
    at(`${y}-11-05`),
    at(`${y}-11-06`),
    at(`${y}-11-10`),
    at(`${y}-12-15`),
    at(`${y}-12-15`),
  ]);
};

export const paymentColumns = ['id', 'application_id', 'amount_fen', 'paid_on', 'voucher_no', 'operator', 'confirmed_at'];
export const paymentRow = (city: CityBase, a: number) =>
  line([
    city.c.base.payment + a,
    city.c.base.application + a,
    city.headcountOf(a) * RATE_FEN,
    `${city.c.year - 1}-12-14`,
    `GEN${city.c.year - 1}${pad(a, 8)}`,
    '城市数据生成',
    at(`${city.c.year - 1}-12-15`),
  ]);

export const lineColumns = ['id', 'application_id', 'period_id', 'product_code', 'person_id', 'staff_id', 'shares', 'amount_fen', 'live'];
export const lineRow = (city: CityBase, p: number) =>
  line([
    city.c.base.line + p,
    city.applicationOf(p),
    city.c.periodId,
    '01',
    city.c.base.person + p,
    city.c.base.staff + p,
    1,
    RATE_FEN,
    true,
  ]);

export const coverageColumns = [
  'id',
  'person_id',
  'period_id',
  'product_code',
  'shares',
  'unit_id',
  'application_id',
  'line_id',
  'covered_from',
  'continuing',
  'created_at',
];
export const coverageRow = (city: CityBase, p: number) =>
  line([
    city.c.base.coverage + p,
    city.c.base.person + p,
    city.c.periodId,
    '01',
    1,
    city.unitOfPerson(p),
    city.applicationOf(p),
    city.c.base.line + p,
    `${city.c.year}-01-01`,
    true,
    at(`${city.c.year - 1}-12-15`),
  ]);
