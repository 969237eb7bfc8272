/**
 * Benefits (互助待遇) and subsidy claims (补助申请): labels, the claim types with what each needs,
 * and the wording both sides show. The rule itself is in ./rule.ts. Money is integer fen.
 */

export const SETTLEMENT_KIND_LABELS = { inpatient: '住院', special_outpatient: '门诊特殊病' } as const;
export type SettlementKind = keyof typeof SETTLEMENT_KIND_LABELS;

export const HOSPITAL_LEVEL_LABELS = { '1': '一级', '2': '二级', '3': '三级', '9': '未定级' } as const;
export type HospitalLevel = keyof typeof HOSPITAL_LEVEL_LABELS;

export const TREATMENT_STATE_LABELS = { none: '无待遇', pending: '待发放', paid: '已发放' } as const;

/** What the worker and the unit read of a payment the bank returned (it is 待发放 again). */
export const payoutFailureText = (reason: string) => `银行发放失败：${reason}。请核对银行卡信息，将随下一发放批次重新发放`;
export type TreatmentState = keyof typeof TREATMENT_STATE_LABELS;

export const CLAIM_STATE_LABELS = {
  draft: '草稿',
  unit_review: '单位审核',
  union_review: '工会审核',
  city_review: '市总审核',
  approved: '待发放',
  paid: '已发放',
  returned: '退回补正',
  refused: '不予补助',
} as const;
export type ClaimState = keyof typeof CLAIM_STATE_LABELS;

/**
 * Claims that count (submitted and not returned or refused): they use up a lump sum's cap, the
 * allowance days, and, for 手工报销, the hospital product's deductible and cap shared with the
 * treatments from settlements.
 */
export const LIVE_CLAIM_STATES: readonly ClaimState[] = ['unit_review', 'union_review', 'city_review', 'approved', 'paid'];

/** States in which the filer may still edit the claim and its attachments. */
export const CLAIM_EDITABLE_STATES: readonly ClaimState[] = ['draft', 'returned'];

export const ATTACHMENT_KIND_LABELS = {
  id_card: '身份证',
  discharge_summary: '出院小结',
  settlement_slip: '医保结算单',
  invoice: '医疗费用发票',
  bank_card: '银行卡',
  diagnosis: '诊断证明',
  other: '其他材料',
} as const;
export type AttachmentKind = keyof typeof ATTACHMENT_KIND_LABELS;

export type ClaimType = 'major_disease' | 'female_disease' | 'hospital_allowance' | 'hardship' | 'manual';

export interface ClaimTypeInfo {
  label: string;
  /** The product whose cover the claim needs (and whose rule sets the amount). */
  productCode: string;
  /** The claim is about a hospital stay (dates, hospital, diagnosis). */
  stay: boolean;
  /** Attachments that must be there before the claim can be submitted. */
  required: readonly AttachmentKind[];
  /** What the amount follows, shown on the form. */
  amountNote: string;
}

/**
 * The claim types (DESIGN.md §6). Product codes are the demo city's and the operator's
 * (`01` 住院医疗互助, `02` 女职工特殊疾病互助, `03` 重大疾病互助): a period without the product
 * refuses the claim type.
 */
export const CLAIM_TYPES: Record<ClaimType, ClaimTypeInfo> = {
  major_disease: {
    label: '重大疾病补助',
    productCode: '03',
    stay: true,
    required: ['id_card', 'diagnosis', 'discharge_summary', 'bank_card'],
    amountNote: '确诊互助重大疾病目录内疾病，按份数一次性给付',
  },
  female_disease: {
    label: '女职工特殊疾病补助',
    productCode: '02',
    stay: true,
    required: ['id_card', 'diagnosis', 'discharge_summary', 'bank_card'],
    amountNote: '女职工确诊特殊疾病目录内疾病，按份数一次性给付',
  },
  hospital_allowance: {
    label: '住院生活补助',
    productCode: '01',
    stay: true,
    required: ['id_card', 'discharge_summary', 'bank_card'],
    amountNote: '按住院天数每天定额补助，每年累计天数有上限',
  },
  hardship: {
    label: '困难职工补助',
    productCode: '01',
    stay: false,
    required: ['id_card', 'bank_card', 'other'],
    amountNote: '困难职工每个互助期定额补助一次',
  },
  manual: {
    label: '手工报销',
    productCode: '01',
    stay: true,
    required: ['id_card', 'discharge_summary', 'invoice', 'settlement_slip', 'bank_card'],
    amountNote: '医保结算文件未包含的住院（如异地就医），按发票中政策范围内个人自付部分，适用住院医疗互助的起付线、分段比例与年度封顶',
  },
};

export const CLAIM_TYPE_LABELS = Object.fromEntries(Object.entries(CLAIM_TYPES).map(([k, v]) => [k, v.label])) as Record<ClaimType, string>;

/** No claim later than this many years after discharge (DESIGN.md §6). */
export const CLAIM_WINDOW_YEARS = 2;

/** The last day a claim for a stay discharged on `dischargedOn` may be submitted ('YYYY-MM-DD'). */
export function claimDeadline(dischargedOn: string): string {
  const [y, m, d] = dischargedOn.split('-').map(Number);
  // 29 February + 2 years: 28 February (Date would roll to 1 March).
  const last = new Date(Date.UTC(y + CLAIM_WINDOW_YEARS, m - 1, 1));
  const daysInMonth = new Date(Date.UTC(y + CLAIM_WINDOW_YEARS, m, 0)).getUTCDate();
  last.setUTCDate(Math.min(d, daysInMonth));
  return last.toISOString().slice(0, 10);
}

/** The claim number people read (BZ2026000042); calls take the numeric id. */
export const claimNo = (year: number, id: number) => `BZ${year}${String(id).padStart(6, '0')}`;

/**
 * The scheme's list of major diseases (重大疾病目录) by ICD-10 code prefix, and of women's special
 * diseases (女职工特殊疾病). A diagnosis qualifies when its code starts with one of the prefixes.
 */
export const MAJOR_DISEASES: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'C', name: '恶性肿瘤' },
  { code: 'I21', name: '急性心肌梗死' },
  { code: 'I63', name: '脑梗死（脑中风后遗症）' },
  { code: 'I61', name: '脑出血' },
  { code: 'N18.5', name: '终末期肾病（尿毒症）' },
  { code: 'Z94', name: '重大器官移植' },
  { code: 'K72', name: '肝功能衰竭' },
  { code: 'G35', name: '多发性硬化' },
  { code: 'G20', name: '帕金森病' },
  { code: 'D61', name: '再生障碍性贫血' },
];
export const FEMALE_DISEASES: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'C50', name: '乳腺癌' },
  { code: 'C53', name: '宫颈癌' },
  { code: 'C54', name: '子宫内膜癌' },
  { code: 'C56', name: '卵巢癌' },
  { code: 'D06', name: '宫颈原位癌' },
  { code: 'D05', name: '乳腺原位癌' },
];

/** The entry of `list` that a diagnosis code belongs to, or undefined. */
export function diseaseOf(list: ReadonlyArray<{ code: string; name: string }>, diagnosisCode: string) {
  const code = diagnosisCode.trim().toUpperCase();
  return list.find((d) => code.startsWith(d.code));
}
