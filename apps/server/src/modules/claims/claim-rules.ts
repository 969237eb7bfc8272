import {
  type BenefitRule,
  CLAIM_TYPES,
  type ClaimType,
  claimDeadline,
  diseaseOf,
  FEMALE_DISEASES,
  MAJOR_DISEASES,
  allowanceAmount,
  lumpSumAmount,
  type RuleStay,
  stayDays,
  yearTreatments,
  yuan,
  FILING_REQUIRED_FROM,
} from '@hall/shared';

/*
 * The rules of a claim at submission (DESIGN.md §6, issue 9), as one pure function over the facts
 * the service loads: what would refuse it (each a Chinese sentence the filer can act on) and the
 * amount, computed by the shared benefit functions (benefits/rule.ts), never re-implemented here.
 * The preview shows the same problems and amount before anything is submitted.
 */

export interface ClaimStayFields {
  admittedOn?: string | null;
  dischargedOn?: string | null;
  hospitalName?: string | null;
  diagnosisCode?: string | null;
  diagnosisName?: string | null;
  invoiceFen?: number | null;
}

export interface ClaimFacts {
  type: ClaimType;
  /** Today in China (the server's clock). */
  today: string;
  form: ClaimStayFields;
  /** The period of the stay's discharge (today's for 困难职工补助) and the type's product in it. */
  periodYear: number;
  productName: string;
  rule: BenefitRule;
  /** The person's cover by that product; null: not covered. */
  cover: { coveredFrom: string; shares: number } | null;
  gender: string | null;
  /** Person type on the covering unit's roster (4 困难职工). */
  psnType: string | null;
  /** The person's other live claims of this type in the period. */
  earlier: Array<{
    id: number;
    amountFen: number;
    days: number | null;
    admittedOn: string | null;
    dischargedOn: string | null;
    invoiceFen: number | null;
  }>;
  /** 手工报销: the bureau's settlements of the person in the period. */
  settlements: Array<{ id: number; admittedOn: string; dischargedOn: string; selfPolicyFen: number; reversed: boolean }>;
  /** 手工报销 / 住院生活补助: a settlement of the person overlapping the stay. */
  overlapping: { settlementNo: string } | null;
  /** 手工报销: the person's 异地就医备案 overlapping the stay (docs-personal.md P9). */
  filings?: Array<{ hospitalName: string; fromDate: string; toDate: string; state: string }>;
}

export interface ClaimOutcome {
  amountFen: number;
  days: number | null;
  basis: string;
  problems: string[];
}

export const MESSAGES = {
  settled: '该次住院已有医保结算记录，待遇由系统自动计算，无需手工报销',
  duplicateStay: '该次住院已申请过此类补助',
  duplicateHardship: '本互助期已申请过困难职工补助',
  female: '女职工特殊疾病补助仅限女职工申请',
  hardshipOnly: '困难职工补助仅限人员类别为“困难职工”的职工申请',
  filingMissing: '异地住院手工报销须先办理异地就医备案（医院与备案一致，住院日期在备案期限内）',
  filingPending: '该次住院的异地就医备案尚待市总工会确认，确认后方可申请',
  deadline: (deadline: string) => `出院已超过两年，不能申请补助（申请期限至${deadline}）`,
} as const;

/** The stay fields a type needs, as the form's messages (before any rule can be checked). */
export function missingFields(type: ClaimType, form: ClaimStayFields): string[] {
  const info = CLAIM_TYPES[type];
  if (!info.stay) return [];
  const out: string[] = [];
  if (!form.admittedOn) out.push('请填写入院日期');
  if (!form.dischargedOn) out.push('请填写出院日期');
  if (!form.hospitalName) out.push('请填写医院名称');
  if (type === 'major_disease' || type === 'female_disease') {
    if (!form.diagnosisCode) out.push('请从疾病目录中选择诊断');
  } else if (!form.diagnosisName) out.push('请填写诊断');
  if (type === 'manual' && (form.invoiceFen === undefined || form.invoiceFen === null)) out.push('请填写发票中政策范围内个人自付金额');
  return out;
}

/**
 * Checks of the dates alone, also at save: a stay in the future, reversed, or discharged more than
 * two years ago is never a claim, so not even a draft is kept of it.
 */
export function dateProblems(form: ClaimStayFields, today: string): string[] {
  const out: string[] = [];
  if (form.admittedOn && form.dischargedOn && form.admittedOn > form.dischargedOn) out.push('入院日期不能晚于出院日期');
  if (form.dischargedOn && form.dischargedOn > today) out.push('出院日期不能晚于今天（出院后方可申请）');
  if (form.dischargedOn) {
    const deadline = claimDeadline(form.dischargedOn);
    if (today > deadline) out.push(MESSAGES.deadline(deadline));
  }
  return out;
}

const ON_LIST = { major_disease: MAJOR_DISEASES, female_disease: FEMALE_DISEASES } as const;

const sameHospital = (a: string, b: string) => a.replace(/\s/g, '') === b.replace(/\s/g, '');

/**
 * 手工报销 is for a stay the local bureau did not settle, that is a stay out of town: from
 * FILING_REQUIRED_FROM it needs a confirmed 异地就医备案 (已备案) of the same hospital whose dates
 * hold the whole stay. Null: nothing missing.
 */
export function filingProblem(form: ClaimStayFields, filings: NonNullable<ClaimFacts['filings']>): string | null {
  const { admittedOn, dischargedOn, hospitalName } = form;
  if (!admittedOn || !dischargedOn || !hospitalName || admittedOn < FILING_REQUIRED_FROM) return null;
  const matching = filings.filter(
    (x) => sameHospital(x.hospitalName, hospitalName) && x.fromDate <= admittedOn && dischargedOn <= x.toDate,
  );
  if (matching.some((x) => x.state === 'filed')) return null;
  if (matching.some((x) => x.state === 'submitted')) return MESSAGES.filingPending;
  return MESSAGES.filingMissing;
}

/** What would refuse the claim now (attachments apart), and its amount. */
export function evaluate(f: ClaimFacts): ClaimOutcome {
  const info = CLAIM_TYPES[f.type];
  const problems = [...missingFields(f.type, f.form), ...dateProblems(f.form, f.today)];
  const { admittedOn, dischargedOn } = f.form;
  if (!f.cover) problems.push(`${f.periodYear}年度未参加“${f.productName}”，不能申请${info.label}`);
  else if (info.stay && admittedOn && admittedOn < f.cover.coveredFrom)
    problems.push(`入院日期在等待期内（“${f.productName}”保障自 ${f.cover.coveredFrom} 起），不能申请${info.label}`);
  else if (!info.stay && f.today < f.cover.coveredFrom)
    problems.push(`“${f.productName}”保障自 ${f.cover.coveredFrom} 起（等待期内），届时方可申请${info.label}`);

  if (f.type === 'female_disease' && f.gender !== '2') problems.push(MESSAGES.female);
  if (f.type === 'major_disease' || f.type === 'female_disease') {
    if (f.form.diagnosisCode && !diseaseOf(ON_LIST[f.type], f.form.diagnosisCode))
      problems.push(`诊断“${f.form.diagnosisCode}”不在${f.type === 'major_disease' ? '互助重大疾病' : '女职工特殊疾病'}目录内`);
  }
  if (f.type === 'hardship' && f.psnType !== '4') problems.push(MESSAGES.hardshipOnly);
  if (f.type === 'manual' && f.overlapping) problems.push(MESSAGES.settled);
  else if (f.type === 'manual') {
    const problem = filingProblem(f.form, f.filings ?? []);
    if (problem) problems.push(problem);
  }

  const shares = f.cover?.shares ?? 0;
  let amountFen = 0;
  let days: number | null = null;
  let basis = '';
  const ready = f.cover !== null && (!info.stay || (admittedOn && dischargedOn && admittedOn <= dischargedOn));
  if (ready) {
    switch (f.type) {
      case 'major_disease':
      case 'female_disease': {
        const granted = f.earlier.reduce((s, c) => s + c.amountFen, 0);
        amountFen = lumpSumAmount(f.rule, shares, granted);
        basis = `${yuan(f.rule.lumpSumFen ?? 0)}元 × ${shares}份${granted ? `，本互助期已给付 ${yuan(granted)}元` : ''}`;
        if (amountFen === 0) problems.push(`本互助期${info.label}已达给付上限，不能再申请`);
        break;
      }
      case 'hospital_allowance': {
        days = stayDays(admittedOn!, dischargedOn!);
        const used = f.earlier.reduce((s, c) => s + (c.days ?? 0), 0);
        amountFen = allowanceAmount(f.rule, shares, days, used);
        const max = f.rule.maxDays;
        basis = `住院${days}天 × ${yuan(f.rule.dailyFen ?? 0)}元 × ${shares}份${max !== undefined ? `（本年度已申请${used}天，每年最多${max}天）` : ''}`;
        if (amountFen === 0) problems.push(`本年度住院生活补助天数已用完（每年最多${max ?? 0}天）`);
        break;
      }
      case 'hardship': {
        amountFen = f.rule.hardshipFen ?? 0;
        basis = `困难职工补助每个互助期定额 ${yuan(amountFen)}元`;
        if (amountFen === 0) problems.push(`${f.periodYear}年度“${f.productName}”未设困难职工补助`);
        break;
      }
      case 'manual': {
        days = stayDays(admittedOn!, dischargedOn!);
        const self = 'this';
        const stays: RuleStay[] = [
          ...f.settlements.map((s) => ({
            id: `s${s.id}`,
            admittedOn: s.admittedOn,
            dischargedOn: s.dischargedOn,
            baseFen: s.selfPolicyFen,
            reversed: s.reversed,
          })),
          ...f.earlier
            .filter((c) => c.admittedOn && c.dischargedOn)
            .map((c) => ({ id: `c${c.id}`, admittedOn: c.admittedOn!, dischargedOn: c.dischargedOn!, baseFen: c.invoiceFen ?? 0 })),
          { id: self, admittedOn: admittedOn!, dischargedOn: dischargedOn!, baseFen: f.form.invoiceFen ?? 0 },
        ];
        const mine = yearTreatments(f.rule, f.cover, stays).find((r) => r.id === self)!;
        amountFen = mine.amountFen;
        basis = `政策范围内个人自付 ${yuan(f.form.invoiceFen ?? 0)}元，扣除起付线后计入 ${yuan(mine.countedFen)}元，按分段比例 × ${shares}份${mine.reason ? `；${mine.reason}` : ''}`;
        if (amountFen === 0 && f.form.invoiceFen !== undefined && f.form.invoiceFen !== null)
          problems.push(`按住院医疗互助规则本次金额为0${mine.reason ? `（${mine.reason}）` : ''}，不能申请`);
        break;
      }
    }
  }
  return { amountFen, days, basis, problems: [...new Set(problems)] };
}
