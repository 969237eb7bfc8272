/** Payout batches, settlements with their treatments, and claims (住院生活补助). */
import { claimNo } from '@hall/shared';
import { line } from '../copy';
import { dayOf } from '../shape';
import { at, type CityBase, pad } from './base';

const HOSPITALS: Array<[string, string]> = [
  ['中南大学湘雅医院', '3'],
  ['中南大学湘雅二医院', '3'],
  ['湖南省人民医院', '3'],
  ['长沙市中心医院', '3'],
  ['长沙市第一医院', '3'],
  ['长沙市第三医院', '2'],
  ['长沙县人民医院', '2'],
  ['浏阳市人民医院', '2'],
  ['宁乡市人民医院', '2'],
  ['岳麓区社区卫生服务中心', '1'],
  ['开福区中医医院', '9'],
];
const DIAGNOSES: Array<[string, string]> = [
  ['I10', '原发性高血压'],
  ['J18.9', '肺炎'],
  ['K80.2', '胆囊结石'],
  ['E11.9', '2型糖尿病'],
  ['I63.9', '脑梗死'],
  ['M51.2', '腰椎间盘突出'],
  ['N20.0', '肾结石'],
  ['K35.8', '急性阑尾炎'],
];

/** Treatment batches: one a month, paid on the 5th of the next month, for the months before last. */
export const paidMonths = (city: CityBase) => Math.max(0, city.c.today.getUTCMonth() - 1);
export const batchColumns = ['id', 'batch_no', 'kind', 'count', 'total_fen', 'operator', 'paid_on', 'created_at'];
export const batchRow = (city: CityBase, m: number) => {
  const claimBatch = m === paidMonths(city);
  const paidOn = claimBatch ? `${city.c.year}-${pad(city.c.today.getUTCMonth() + 1, 2)}-01` : `${city.c.year}-${pad(m + 2, 2)}-05`;
  const no = `${claimBatch ? 'BZFF' : 'FF'}${paidOn.replaceAll('-', '')}9${pad(m, 4)}`;
  return line([city.c.base.batch + m, no, claimBatch ? 'claim' : 'treatment', 0, 0, '城市数据生成', paidOn, at(paidOn)]);
};

const dischargeNo = (city: CityBase, k: number) => 4 + ((k * 7919) % Math.max(1, city.todayNo - 7));

export const settlementColumns = [
  'id',
  'settlement_no',
  'person_id',
  'period_id',
  'hospital_name',
  'hospital_level',
  'kind',
  'admitted_on',
  'discharged_on',
  'settled_on',
  'total_fen',
  'policy_fen',
  'fund_fen',
  'self_policy_fen',
  'self_excluded_fen',
  'diagnosis_code',
  'diagnosis_name',
  'created_at',
  'updated_at',
];
const amounts = (k: number) => {
  const total = 300_000 + ((k * 104_729) % 4_000_000);
  const policy = Math.floor(total * 0.85);
  const fund = Math.floor(policy * 0.6);
  return { total, policy, fund, selfPolicy: policy - fund, selfExcluded: total - policy };
};
export const settlementRow = (city: CityBase, k: number) => {
  const p = k % city.c.shape.persons;
  const d = dischargeNo(city, k);
  const [hospital, level] = HOSPITALS[k % HOSPITALS.length];
  const [code, diagnosis] = DIAGNOSES[k % DIAGNOSES.length];
  const m = amounts(k);
  const settled = dayOf(city.c.year, d + 2);
  return line([
    city.c.base.settlement + k,
    `JS${city.c.year}${pad(k, 10)}`,
    city.c.base.person + p,
    city.c.periodId,
    hospital,
    level,
    k % 9 === 0 ? 'special_outpatient' : 'inpatient',
    dayOf(city.c.year, d - (k % 15)),
    dayOf(city.c.year, d),
    settled,
    m.total,
    m.policy,
    m.fund,
    m.selfPolicy,
    m.selfExcluded,
    code,
    diagnosis,
    at(settled, '22:00:00'),
    at(settled, '22:00:00'),
  ]);
};

export const treatmentColumns = [
  'id',
  'settlement_id',
  'person_id',
  'unit_id',
  'period_id',
  'product_code',
  'coverage_id',
  'discharged_on',
  'hospital_name',
  'base_fen',
  'amount_fen',
  'paid_fen',
  'state',
  'reason',
  'batch_id',
  'computed_at',
  'paid_at',
];
export const treatmentRow = (city: CityBase, k: number) => {
  const p = k % city.c.shape.persons;
  const d = dischargeNo(city, k);
  const discharged = dayOf(city.c.year, d);
  const month = Number(discharged.slice(5, 7)) - 1;
  const base = Math.max(0, amounts(k).selfPolicy - 100_000);
  const amount = Math.min(3_000_000, Math.floor(base * 0.45));
  const paid = amount > 0 && month < paidMonths(city);
  const state = amount === 0 ? 'none' : paid ? 'paid' : 'pending';
  const paidOn = paid ? `${city.c.year}-${pad(month + 2, 2)}-05` : null;
  return line([
    city.c.base.treatment + k,
    city.c.base.settlement + k,
    city.c.base.person + p,
    city.unitOfPerson(p),
    city.c.periodId,
    '01',
    city.c.base.coverage + p,
    discharged,
    HOSPITALS[k % HOSPITALS.length][0],
    base,
    amount,
    paid ? amount : 0,
    state,
    amount === 0 ? '未超过起付线' : null,
    paid ? city.c.base.batch + month : null,
    at(dayOf(city.c.year, d + 2), '22:00:00'),
    paidOn ? at(paidOn) : null,
  ]);
};

export const claimColumns = [
  'id',
  'claim_no',
  'type',
  'state',
  'person_id',
  'unit_id',
  'review_unit_id',
  'period_id',
  'product_code',
  'filed_by',
  'admitted_on',
  'discharged_on',
  'hospital_name',
  'diagnosis_code',
  'diagnosis_name',
  'days',
  'amount_fen',
  'reason',
  'batch_id',
  'created_at',
  'submitted_at',
  'decided_at',
  'paid_at',
  'updated_at',
];
export const claimRow = (city: CityBase, k: number) => {
  const p = k % city.c.shape.persons;
  const round = Math.floor(k / city.c.shape.persons);
  const review = city.reviewUnitOf(p);
  const states = ['unit_review', 'union_review', 'city_review', 'approved', 'paid', 'paid', 'paid', 'returned', 'refused', 'draft'];
  let state = states[k % states.length];
  if (state === 'union_review' && review === null) state = 'city_review';
  if (state === 'paid' && paidMonths(city) === 0) state = 'approved';
  // A person's claims are for different stays (claims_stay_key): another discharge day each round.
  const d = 4 + ((p * 13 + round * 29) % Math.max(1, city.todayNo - 20));
  const days = 3 + (p % 20);
  const created = dayOf(city.c.year, d + 3);
  const decided = ['approved', 'paid', 'refused'].includes(state) ? at(dayOf(city.c.year, d + 10)) : null;
  const [code, diagnosis] = DIAGNOSES[k % DIAGNOSES.length];
  return line([
    city.c.base.claim + k,
    claimNo(city.c.year, city.c.base.claim + k),
    'hospital_allowance',
    state,
    city.c.base.person + p,
    city.unitOfPerson(p),
    review,
    city.c.periodId,
    '01',
    k % 3 === 0 ? 'personal' : 'unit',
    dayOf(city.c.year, d - days),
    dayOf(city.c.year, d),
    HOSPITALS[k % HOSPITALS.length][0],
    code,
    diagnosis,
    days,
    days * 5000,
    state === 'returned' ? '请补充出院小结' : state === 'refused' ? '不符合补助条件' : null,
    state === 'paid' ? city.c.base.batch + paidMonths(city) : null,
    at(created),
    state === 'draft' ? null : at(created, '10:00:00'),
    decided,
    state === 'paid' ? at(`${city.c.year}-${pad(city.c.today.getUTCMonth() + 1, 2)}-01`) : null,
    decided ?? at(created, '10:00:00'),
  ]);
};
