import { checkIdCard, fenOfYuan, normalizeDay } from '@hall/shared';
import { detachedCell } from '../../lib/table-file';
import type { PeriodSpan, SettlementRow } from './settlement.repository';

/**
 * A row of the bureau's settlement file (医保结算) read and checked, the same for the CLI's load
 * (settlement.service) and the console's staged upload (settlement-stage.service).
 */
type Key = 'no' | 'certNo' | 'name' | 'hospital' | 'level' | 'kind' | 'admitted' | 'discharged' | 'settled' | 'total' | 'policy';
export type Cells = Record<Key | 'fund' | 'selfPolicy' | 'selfExcluded' | 'diagnosisCode' | 'diagnosisName' | 'reversed', string>;

const LEVELS: Record<string, string> = { 一级: '1', 二级: '2', 三级: '3', 未定级: '9', '1': '1', '2': '2', '3': '3', '9': '9' };
const KINDS: Record<string, string> = {
  住院: 'inpatient',
  门诊特殊病: 'special_outpatient',
  门诊特殊病种: 'special_outpatient',
  门特: 'special_outpatient',
  门诊慢特病: 'special_outpatient',
};
const REVERSED: Record<string, boolean> = { '': false, 否: false, '0': false, N: false, 是: true, '1': true, Y: true, 冲销: true };
/** ICD-10, with the national clinical edition's extensions (I21.900, K80.201x001). */
const ICD10 = /^[A-Z][0-9]{2}(\.[0-9A-Z]{1,10})?$/;

/** The column that must be text (numberCellMessage); amounts and dates may be numbers. */
export const CERT_NO = ['certNo'] as const;

/** A plain amount (digits, at most two decimals), read without fenOfYuan's clean-up of separators and ¥. */
const PLAIN_YUAN = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

const money = (text: string, label: string): number | string => {
  const plain = PLAIN_YUAN.exec(text);
  const fen = plain ? Number(plain[1]) * 100 + (plain[2] ? Number(plain[2].padEnd(2, '0')) : 0) : fenOfYuan(text);
  return fen === null ? `${label}“${text}”有误，应为不小于0的元金额，最多两位小数` : fen;
};

/**
 * What a load has checked already, by text: a file repeats its days (about 365 in a year's file)
 * and each person's ID number (a few stays each), so each is read once. Reset past a bound.
 */
export class RowMemo {
  readonly days = new Map<string, string | null>();
  readonly validCerts = new Set<string>();

  forget() {
    this.days.clear();
    this.validCerts.clear();
  }
}
const MEMO_MAX = 100_000;

const dayOf = (text: string, memo: RowMemo | undefined) => {
  if (!memo) return normalizeDay(text);
  let day = memo.days.get(text);
  if (day === undefined) {
    if (memo.days.size >= MEMO_MAX) memo.days.clear();
    day = normalizeDay(text);
    memo.days.set(text, day);
  }
  return day;
};

const validCert = (certNo: string, today: Date, memo: RowMemo | undefined) => {
  if (memo?.validCerts.has(certNo)) return true;
  if (checkIdCard(certNo, today)) return false;
  if (memo) {
    if (memo.validCerts.size >= MEMO_MAX) memo.validCerts.clear();
    memo.validCerts.add(detachedCell(certNo));
  }
  return true;
};

/**
 * One row of the file checked: the settlement to store, or why it cannot be loaded. `today` (the
 * server's clock) bounds the birth date in the ID number; `memo`, the load's, spares checking a
 * day or an ID number seen before.
 */
export function checkSettlementRow(c: Cells, periods: readonly PeriodSpan[], today: Date, memo?: RowMemo): SettlementRow | string {
  if (!c.no) return '缺少结算单号';
  if (c.no.length > 50) return '结算单号超过50个字符';
  const certNo = c.certNo.toUpperCase();
  if (!certNo) return '缺少身份证号码';
  if (!validCert(certNo, today, memo)) return `身份证号码“${c.certNo}”有误`;
  if (!c.name) return '缺少姓名';
  if (!c.hospital) return '缺少医院名称';
  if (c.hospital.length > 100) return '医院名称超过100个字';
  const level = LEVELS[c.level];
  if (!level) return `医院等级“${c.level}”有误，应为一级、二级、三级或未定级`;
  const kind = KINDS[c.kind];
  if (!kind) return `就医类型“${c.kind}”有误，应为“住院”或“门诊特殊病”`;
  const admittedOn = dayOf(c.admitted, memo);
  if (!admittedOn) return `入院日期“${c.admitted}”有误，应为 YYYY-MM-DD`;
  const dischargedOn = dayOf(c.discharged, memo);
  if (!dischargedOn) return `出院日期“${c.discharged}”有误，应为 YYYY-MM-DD`;
  if (admittedOn > dischargedOn) return '入院日期晚于出院日期';
  const settledOn = c.settled ? dayOf(c.settled, memo) : dischargedOn;
  if (!settledOn) return `结算日期“${c.settled}”有误，应为 YYYY-MM-DD`;
  const amounts: number[] = [];
  for (const [text, label] of [
    [c.total, '医疗总费用'],
    [c.policy, '政策范围内费用'],
    [c.fund, '统筹基金支付'],
    [c.selfPolicy, '政策范围内个人自付'],
    [c.selfExcluded, '政策范围外自费'],
  ] as const) {
    const fen = money(text, label);
    if (typeof fen === 'string') return fen;
    amounts.push(fen);
  }
  const [totalFen, policyFen, fundFen, selfPolicyFen, selfExcludedFen] = amounts;
  if (policyFen > totalFen) return '政策范围内费用大于医疗总费用';
  if (selfPolicyFen > policyFen) return '政策范围内个人自付大于政策范围内费用';
  if (fundFen > policyFen) return '统筹基金支付大于政策范围内费用';
  const diagnosisCode = c.diagnosisCode.toUpperCase();
  if (!ICD10.test(diagnosisCode)) return `诊断编码“${c.diagnosisCode}”有误，应为 ICD-10 编码（如 I21.900）`;
  if (!c.diagnosisName) return '缺少诊断名称';
  const reversed = REVERSED[c.reversed.toUpperCase()];
  if (reversed === undefined) return `冲销标志“${c.reversed}”有误，应为“是”或“否”`;
  const period = periods.find((p) => p.startDate <= dischargedOn && dischargedOn <= p.endDate);
  return {
    settlementNo: c.no,
    certNo,
    periodId: period?.id ?? null,
    hospitalName: c.hospital,
    hospitalLevel: level,
    kind,
    admittedOn,
    dischargedOn,
    settledOn,
    totalFen,
    policyFen,
    fundFen,
    selfPolicyFen,
    selfExcludedFen,
    diagnosisCode,
    diagnosisName: c.diagnosisName.slice(0, 200),
    reversed,
  };
}

/** A cell by position: a column the file lacks (-1), or a short row, reads as empty. */
const cellAt = (cells: string[], at: number) => (at < 0 ? '' : (cells[at] ?? ''));

/**
 * A row's cells by key, from the header's positions: an object of one shape for every row (built
 * key by key in a loop, each row's was a dictionary of its own: a sixth of the reading's time).
 */
export function cellReader(at: Record<string, number>): (cells: string[]) => Cells {
  const i = (key: keyof Cells) => at[key] ?? -1;
  const [no, certNo, name, hospital, level, kind, admitted, discharged, settled] = [
    i('no'),
    i('certNo'),
    i('name'),
    i('hospital'),
    i('level'),
    i('kind'),
    i('admitted'),
    i('discharged'),
    i('settled'),
  ];
  const [total, policy, fund, selfPolicy, selfExcluded, diagnosisCode, diagnosisName, reversed] = [
    i('total'),
    i('policy'),
    i('fund'),
    i('selfPolicy'),
    i('selfExcluded'),
    i('diagnosisCode'),
    i('diagnosisName'),
    i('reversed'),
  ];
  return (cells) => ({
    no: cellAt(cells, no),
    certNo: cellAt(cells, certNo),
    name: cellAt(cells, name),
    hospital: cellAt(cells, hospital),
    level: cellAt(cells, level),
    kind: cellAt(cells, kind),
    admitted: cellAt(cells, admitted),
    discharged: cellAt(cells, discharged),
    settled: cellAt(cells, settled),
    total: cellAt(cells, total),
    policy: cellAt(cells, policy),
    fund: cellAt(cells, fund),
    selfPolicy: cellAt(cells, selfPolicy),
    selfExcluded: cellAt(cells, selfExcluded),
    diagnosisCode: cellAt(cells, diagnosisCode),
    diagnosisName: cellAt(cells, diagnosisName),
    reversed: cellAt(cells, reversed),
  });
}
