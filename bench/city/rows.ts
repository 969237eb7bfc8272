/**
 * The rows of the generated city, one function per table: row i of each table is computed from
 * i alone (ids are `base + i`), so that every reference is known without a lookup. Who belongs
 * where:
 * - units: unions u < shape.unions (92 even, 93 odd), then enterprises e under union e mod unions
 *   (every tenth a branch union, 分工会); each with its login account;
 * - persons p < heavyStaff work at the demo unit qydw92101, the others at enterprise
 *   (p - heavyStaff) mod enterprises; one staff row each, 4 % left on 30 June;
 * - each staffed unit has one paid application of the current period, its payment, and per
 *   person a line and a coverage of product 01 from 1 January (continuing: no waiting period);
 * - settlement k is person k mod persons', discharged this year up to three days ago, with its
 *   treatment of product 01 (paid in the month after discharge, pending recently, none under the
 *   deductible);
 * - claim k is person (k mod persons)'s 住院生活补助, each round of persons for another stay;
 * - every unit has three messages (one read), qydw92101 a big inbox besides.
 */
import { claimNo } from '@hall/shared';
import { type Cell, line } from './copy';
import { assertValid, birthDateOf, certNoOf, type CityShape, dayOf, genderOf, nameOf, usccOf } from './shape';

export interface CityIds {
  unit: number;
  account: number;
  person: number;
  staff: number;
  application: number;
  payment: number;
  line: number;
  coverage: number;
  batch: number;
  settlement: number;
  treatment: number;
  claim: number;
  mail: number;
}

export interface CityContext {
  shape: CityShape;
  today: Date;
  year: number;
  periodId: number;
  /** The first id of each table's generated rows. */
  base: CityIds;
  heavy: { id: number; uact: string; parentId: number };
  passwordHash: string;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');
const at = (day: string, time = '09:30:00') => `${day} ${time}+08`;
const RATE_FEN = 6000;
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
const MAIL: Array<[string, string]> = [
  ['年度互助申报提醒', '新年度职工医疗互助申报已开始，请在截止日前完成申报与缴费。'],
  ['互助金到账通知', '本月互助待遇已发放至职工银行卡，请通知职工查收。'],
  ['补助申请审核结果', '贵单位提交的补助申请已审核，请登录系统查看结果。'],
  ['系统维护公告', '系统将于周六凌晨进行维护，期间暂停服务。'],
];

export class City {
  readonly units: number;
  readonly staffedEnterprises: number;
  readonly applications: number;
  private readonly todayNo: number;

  constructor(readonly c: CityContext) {
    const s = c.shape;
    this.units = s.unions + s.enterprises;
    this.staffedEnterprises = Math.min(s.enterprises, s.persons - s.heavyStaff);
    this.applications = 1 + this.staffedEnterprises;
    this.todayNo = Math.floor((c.today.getTime() - Date.UTC(c.year, 0, 1)) / 86_400_000);
  }

  // ---- who is where -------------------------------------------------------------------------

  unitId = (u: number) => this.c.base.unit + u;
  uactOf = (u: number) => (u < this.c.shape.unions ? `csgh${pad(u, 6)}` : `csdw${pad(u - this.c.shape.unions, 6)}`);
  /** Union index of enterprise e and whether it is a 92 union (its enterprises' applications and claims go to it). */
  unionOf = (e: number) => e % this.c.shape.unions;
  is92 = (union: number) => union % 2 === 0;
  /** Enterprise index of person p, or -1 for the demo unit qydw92101. */
  enterpriseOf = (p: number) => (p < this.c.shape.heavyStaff ? -1 : (p - this.c.shape.heavyStaff) % this.c.shape.enterprises);
  unitOfPerson = (p: number) => {
    const e = this.enterpriseOf(p);
    return e < 0 ? this.c.heavy.id : this.unitId(this.c.shape.unions + e);
  };
  /** The 92 union that reviews person p's unit, or null. */
  reviewUnitOf = (p: number) => {
    const e = this.enterpriseOf(p);
    if (e < 0) return this.c.heavy.parentId;
    const union = this.unionOf(e);
    return this.is92(union) ? this.unitId(union) : null;
  };
  applicationOf = (p: number) => this.c.base.application + 1 + this.enterpriseOf(p);
  /** Staff of application a (0: the demo unit's, 1 + e: enterprise e's). */
  headcountOf = (a: number) => {
    const s = this.c.shape;
    if (a === 0) return s.heavyStaff;
    const e = a - 1;
    return Math.floor((s.persons - s.heavyStaff - 1 - e) / s.enterprises) + 1;
  };

  // ---- rows -----------------------------------------------------------------------------------

  static readonly unitColumns = [
    'id',
    'uact',
    'emp_name',
    'uscc',
    'level',
    'uni_type',
    'parent_id',
    'region_code',
    'insured',
    'auth_state',
    'notify_state',
    'legal_name',
    'legal_mobile',
    'contact_tel',
    'address',
    'info_complete',
    'created_at',
  ];
  unitRow = (u: number) => {
    const s = this.c.shape;
    const union = u < s.unions;
    const e = u - s.unions;
    const uscc = usccOf(u, union);
    if (u % 997 === 0) assertValid(null, uscc, this.c.today);
    const parent = union ? null : this.unionOf(e);
    const name = union
      ? `长沙市${this.is92(u) ? '联合基层' : '行业'}工会第${u + 1}号`
      : e % 10 === 9
        ? `长沙市第${e + 1}号企业分工会`
        : `长沙市城市${e + 1}号有限公司`;
    return line([
      this.unitId(u),
      this.uactOf(u),
      name,
      uscc,
      union ? 1 : 2,
      union ? (this.is92(u) ? '92' : '93') : null,
      parent === null ? null : this.unitId(parent),
      '430100',
      true,
      parent !== null && !this.is92(parent) ? '1' : null,
      parent !== null && this.is92(parent) ? ['0', '1', '3', '3'][e % 4] : null,
      nameOf(u),
      `139${pad(u % 100_000_000, 8)}`,
      `0731-8${pad(u % 10_000_000, 7)}`,
      `长沙市岳麓区城市路${u + 1}号`,
      true,
      at(`${this.c.year - 3}-03-01`),
    ]);
  };

  static readonly accountColumns = ['id', 'login_type', 'login_name', 'unit_id', 'password_hash', 'status', 'created_at'];
  accountRow = (u: number) =>
    line([this.c.base.account + u, 'unit', this.uactOf(u), this.unitId(u), this.c.passwordHash, 'active', at(`${this.c.year - 3}-03-01`)]);

  static readonly personColumns = ['id', 'cert_type', 'cert_no', 'name', 'gender', 'birth_date', 'phone', 'insured', 'created_at'];
  personRow = (p: number) => {
    const certNo = certNoOf(p);
    if (p % 101 === 0) assertValid(certNo, null, this.c.today);
    return line([
      this.c.base.person + p,
      '01',
      certNo,
      nameOf(p),
      genderOf(certNo),
      birthDateOf(certNo),
      `13${pad(p % 1_000_000_000, 9)}`,
      true,
      at(`${this.c.year - 2}-06-01`),
    ]);
  };

  static readonly staffColumns = [
    'id',
    'unit_id',
    'person_id',
    'psn_type',
    'phone',
    'joined_on',
    'left_on',
    'leave_reason',
    'created_at',
    'updated_at',
  ];
  staffRow = (p: number) => {
    const left = p % 25 === 24;
    const joined = `${2010 + (p % 15)}-${pad(1 + (p % 12), 2)}-01`;
    return line([
      this.c.base.staff + p,
      this.unitOfPerson(p),
      this.c.base.person + p,
      p % 97 === 5 ? '4' : p % 20 === 3 ? '2' : '1',
      `13${pad(p % 1_000_000_000, 9)}`,
      joined,
      left ? `${this.c.year}-06-30` : null,
      left ? '离职' : null,
      at(`${this.c.year - 2}-06-01`),
      at(left ? `${this.c.year}-06-30` : `${this.c.year - 2}-06-01`),
    ]);
  };

  static readonly applicationColumns = [
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
  applicationRow = (a: number) => {
    const y = this.c.year - 1;
    const head = this.headcountOf(a);
    const person = a === 0 ? 0 : this.c.shape.heavyStaff + (a - 1);
    return line([
      this.c.base.application + a,
      this.unitOfPerson(person),
      this.c.periodId,
      'new',
      'paid',
      this.reviewUnitOf(person),
      head,
      head * RATE_FEN,
      at(`${y}-11-05`),
      at(`${y}-11-06`),
      at(`${y}-11-10`),
      at(`${y}-12-15`),
      at(`${y}-12-15`),
    ]);
  };

  static readonly paymentColumns = ['id', 'application_id', 'amount_fen', 'paid_on', 'voucher_no', 'operator', 'confirmed_at'];
  paymentRow = (a: number) =>
    line([
      this.c.base.payment + a,
      this.c.base.application + a,
      this.headcountOf(a) * RATE_FEN,
      `${this.c.year - 1}-12-14`,
      `GEN${this.c.year - 1}${pad(a, 8)}`,
      '城市数据生成',
      at(`${this.c.year - 1}-12-15`),
    ]);

  static readonly lineColumns = [
    'id',
    'application_id',
    'period_id',
    'product_code',
    'person_id',
    'staff_id',
    'shares',
    'amount_fen',
    'live',
  ];
  lineRow = (p: number) =>
    line([
      this.c.base.line + p,
      this.applicationOf(p),
      this.c.periodId,
      '01',
      this.c.base.person + p,
      this.c.base.staff + p,
      1,
      RATE_FEN,
      true,
    ]);

  static readonly coverageColumns = [
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
  coverageRow = (p: number) =>
    line([
      this.c.base.coverage + p,
      this.c.base.person + p,
      this.c.periodId,
      '01',
      1,
      this.unitOfPerson(p),
      this.applicationOf(p),
      this.c.base.line + p,
      `${this.c.year}-01-01`,
      true,
      at(`${this.c.year - 1}-12-15`),
    ]);

  /** Treatment batches: one a month, paid on the 5th of the next month, for the months before last. */
  get paidMonths() {
    return Math.max(0, this.c.today.getUTCMonth() - 1);
  }
  static readonly batchColumns = ['id', 'batch_no', 'kind', 'count', 'total_fen', 'operator', 'paid_on', 'created_at'];
  batchRow = (m: number) => {
    const claimBatch = m === this.paidMonths;
    const paidOn = claimBatch ? `${this.c.year}-${pad(this.c.today.getUTCMonth() + 1, 2)}-01` : `${this.c.year}-${pad(m + 2, 2)}-05`;
    const no = `${claimBatch ? 'BZFF' : 'FF'}${paidOn.replaceAll('-', '')}9${pad(m, 4)}`;
    return line([this.c.base.batch + m, no, claimBatch ? 'claim' : 'treatment', 0, 0, '城市数据生成', paidOn, at(paidOn)]);
  };

  private dischargeNo = (k: number) => 4 + ((k * 7919) % Math.max(1, this.todayNo - 7));

  static readonly settlementColumns = [
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
  private amounts = (k: number) => {
    const total = 300_000 + ((k * 104_729) % 4_000_000);
    const policy = Math.floor(total * 0.85);
    const fund = Math.floor(policy * 0.6);
    return { total, policy, fund, selfPolicy: policy - fund, selfExcluded: total - policy };
  };
  settlementRow = (k: number) => {
    const p = k % this.c.shape.persons;
    const d = this.dischargeNo(k);
    const [hospital, level] = HOSPITALS[k % HOSPITALS.length];
    const [code, diagnosis] = DIAGNOSES[k % DIAGNOSES.length];
    const m = this.amounts(k);
    const settled = dayOf(this.c.year, d + 2);
    return line([
      this.c.base.settlement + k,
      `JS${this.c.year}${pad(k, 10)}`,
      this.c.base.person + p,
      this.c.periodId,
      hospital,
      level,
      k % 9 === 0 ? 'special_outpatient' : 'inpatient',
      dayOf(this.c.year, d - (k % 15)),
      dayOf(this.c.year, d),
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

  static readonly treatmentColumns = [
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
  treatmentRow = (k: number) => {
    const p = k % this.c.shape.persons;
    const d = this.dischargeNo(k);
    const discharged = dayOf(this.c.year, d);
    const month = Number(discharged.slice(5, 7)) - 1;
    const base = Math.max(0, this.amounts(k).selfPolicy - 100_000);
    const amount = Math.min(3_000_000, Math.floor(base * 0.45));
    const paid = amount > 0 && month < this.paidMonths;
    const state = amount === 0 ? 'none' : paid ? 'paid' : 'pending';
    const paidOn = paid ? `${this.c.year}-${pad(month + 2, 2)}-05` : null;
    return line([
      this.c.base.treatment + k,
      this.c.base.settlement + k,
      this.c.base.person + p,
      this.unitOfPerson(p),
      this.c.periodId,
      '01',
      this.c.base.coverage + p,
      discharged,
      HOSPITALS[k % HOSPITALS.length][0],
      base,
      amount,
      paid ? amount : 0,
      state,
      amount === 0 ? '未超过起付线' : null,
      paid ? this.c.base.batch + month : null,
      at(dayOf(this.c.year, d + 2), '22:00:00'),
      paidOn ? at(paidOn) : null,
    ]);
  };

  static readonly claimColumns = [
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
  claimRow = (k: number) => {
    const p = k % this.c.shape.persons;
    const round = Math.floor(k / this.c.shape.persons);
    const review = this.reviewUnitOf(p);
    const states = ['unit_review', 'union_review', 'city_review', 'approved', 'paid', 'paid', 'paid', 'returned', 'refused', 'draft'];
    let state = states[k % states.length];
    if (state === 'union_review' && review === null) state = 'city_review';
    if (state === 'paid' && this.paidMonths === 0) state = 'approved';
    // A person's claims are for different stays (claims_stay_key): another discharge day each round.
    const d = 4 + ((p * 13 + round * 29) % Math.max(1, this.todayNo - 20));
    const days = 3 + (p % 20);
    const created = dayOf(this.c.year, d + 3);
    const decided = ['approved', 'paid', 'refused'].includes(state) ? at(dayOf(this.c.year, d + 10)) : null;
    const [code, diagnosis] = DIAGNOSES[k % DIAGNOSES.length];
    return line([
      this.c.base.claim + k,
      claimNo(this.c.year, this.c.base.claim + k),
      'hospital_allowance',
      state,
      this.c.base.person + p,
      this.unitOfPerson(p),
      review,
      this.c.periodId,
      '01',
      k % 3 === 0 ? 'personal' : 'unit',
      dayOf(this.c.year, d - days),
      dayOf(this.c.year, d),
      HOSPITALS[k % HOSPITALS.length][0],
      code,
      diagnosis,
      days,
      days * 5000,
      state === 'returned' ? '请补充出院小结' : state === 'refused' ? '不符合补助条件' : null,
      state === 'paid' ? this.c.base.batch + this.paidMonths : null,
      at(created),
      state === 'draft' ? null : at(created, '10:00:00'),
      decided,
      state === 'paid' ? at(`${this.c.year}-${pad(this.c.today.getUTCMonth() + 1, 2)}-01`) : null,
      decided ?? at(created, '10:00:00'),
    ]);
  };

  get mailRows() {
    return this.units * this.c.shape.mailPerUnit + this.c.shape.heavyMail;
  }
  static readonly mailColumns = [
    'id',
    'recipient_kind',
    'recipient_key',
    'title',
    'content',
    'sender',
    'read_flag',
    'created_at',
    'read_at',
  ];
  mailRow = (m: number) => {
    const perUnit = this.units * this.c.shape.mailPerUnit;
    const heavy = m >= perUnit;
    const key = heavy ? this.c.heavy.uact : this.uactOf(Math.floor(m / this.c.shape.mailPerUnit));
    const read = heavy ? m % 10 < 3 : m % this.c.shape.mailPerUnit === 0;
    const [title, content] = MAIL[m % MAIL.length];
    // Oldest first, so that ids grow with time as the app's own mail does.
    const sent = dayOf(this.c.year, Math.floor((m / this.mailRows) * Math.max(1, this.todayNo - 1)));
    return line([
      this.c.base.mail + m,
      'unit',
      key,
      title,
      content,
      '长沙市总工会',
      read ? '1' : '0',
      at(sent),
      read ? at(sent, '18:00:00') : null,
    ] satisfies Cell[]);
  };
}
