/**
 * Staff of a unit (互助人员, DESIGN.md §6): the field rules and messages both sides use, and the
 * columns of the roster template. Pure and zod-free: the portal's add/edit form imports it.
 */
import { PSN_TYPE_LABELS, type PsnType } from '../enrolment/index';
import { checkContactPhone } from '../validation/contact';
import { checkIdCard } from '../validation/idCard';

/**
 * A column that must be text (ID number, card, phone) whose cell the workbook holds as a number:
 * a double keeps 15 to 17 digits, so an ID number or a card has lost its last ones (a phone of 11
 * digits has not, but is refused alike: one rule for the clerk).
 */
export const numberCellMessage = (header: string, lossy = true) =>
  `${header}须以文本格式填写（${lossy ? '数字单元格会丢失末位数字，' : ''}请将该列设为文本后重新输入）`;

/** Full-width digits, letters and spaces (４３０１…, the ideographic space) as their ASCII selves (NFKC); ASCII as it is, at no cost. */
export function halfWidth(v: string): string {
  for (let i = 0; i < v.length; i++) if (v.charCodeAt(i) > 127) return v.normalize('NFKC');
  return v;
}

/** Refusals and row errors, worded for the clerk: what is wrong and what to do. */
export const STAFF_MESSAGES = {
  notInsured:
    '该人员尚未办理医保参保登记，不能加入职工医疗互助。请其先到医疗保障经办机构办理参保登记；医保部门下次报送参保数据后，大厅即可识别，届时再添加',
  openElsewhere: '该人员目前在其他单位在职，需原单位办理减员后才能加入',
  nameMismatch: '姓名与医保参保登记的姓名不一致，请核对姓名和身份证号码',
  alreadyHere: '该人员已在本单位互助人员名单中，无需重复添加',
  notFound: '互助人员不存在或无权操作',
  alreadyLeft: '该人员已减员，不能再修改或减员',
  leaveBeforeJoin: '减员日期不能早于入职日期',
  leaveFuture: '减员日期不能晚于今天',
  joinFuture: '入职日期不能晚于今天',
  joinBeforeBirth: '入职日期不能早于出生日期',
  joinDate: '请输入正确的入职日期（如 2024-03-01）',
  leaveDate: '请选择减员日期',
  leaveReason: '请输入减员原因',
  name: '请输入正确的姓名（2-30个汉字或字母）',
  psnType: '请选择正确的人员类别（在职职工、退休职工、劳动模范、困难职工）',
  bankCard: '请输入正确的银行卡号（12-19位数字）',
  bankName: '填写银行卡号时请同时填写开户银行',
  bankCardMissing: '填写开户银行时请同时填写银行卡号',
  certNoAsNumber: numberCellMessage('身份证号码'),
  phoneAsNumber: numberCellMessage('联系电话', false),
  bankCardAsNumber: numberCellMessage('银行卡号'),
  duplicateRow: (rowNo: number) => `与第${rowNo}行的身份证号码重复`,
  changedSincePreview: '部分人员的状态在预览后发生了变化，请重新上传名单',
  batchGone: '导入记录不存在、已过期或已处理，请重新上传名单',
  noRows: '文件中没有人员数据，请按模板填写后再上传',
  tooManyRows: (max: number) => `一次最多导入${max}名人员，请拆分文件后分批导入`,
  badFile: '文件无法读取，请使用下载的模板（.xlsx）或 CSV 文件（UTF-8 或 GBK 编码）',
  fileType: '请上传 Excel（.xlsx）或 CSV 格式的人员名单',
  missingColumns: (headers: string[]) => `名单缺少列：${headers.join('、')}。请下载最新模板，按模板填写后再上传`,
} as const;

/** The roster template's columns, in order (header as written in the file; extra columns ignored). */
export const ROSTER_COLUMNS = [
  { header: '姓名', key: 'name', width: 12 },
  { header: '身份证号码', key: 'certNo', width: 22 },
  { header: '人员类别', key: 'psnType', width: 12 },
  { header: '联系电话', key: 'phone', width: 16, required: false },
  { header: '开户银行', key: 'bankName', width: 22, required: false },
  { header: '银行卡号', key: 'bankCard', width: 24, required: false },
  { header: '入职日期', key: 'joinedOn', width: 14 },
] as const;
export type RosterKey = (typeof ROSTER_COLUMNS)[number]['key'];
/** The roster's columns that must be text: a number in the workbook refuses its row (numberCellMessage). */
export const ROSTER_TEXT_KEYS = ['certNo', 'phone', 'bankCard'] as const satisfies readonly RosterKey[];

/** At most this many rows in one roster file. */
export const ROSTER_MAX_ROWS = 500_000;

const NAME = /^[\u3400-\u9fffA-Za-z][\u3400-\u9fffA-Za-z·•.\s]{0,28}[\u3400-\u9fffA-Za-z.]$/;
const BANK_CARD = /^\d{12,19}$/;

/** 请输入正确的姓名 unless 2-30 Chinese characters or letters (with · and spaces inside). Blank is not checked. */
export function checkStaffName(v: unknown): string | null {
  if (v === null || v === undefined || String(v).trim() === '') return null;
  return NAME.test(String(v).trim()) ? null : STAFF_MESSAGES.name;
}

/** A bank card number without spaces: 12-19 digits. Blank is not checked. */
export function checkBankCard(v: unknown): string | null {
  if (v === null || v === undefined || String(v).trim() === '') return null;
  return BANK_CARD.test(normalizeBankCard(String(v))) ? null : STAFF_MESSAGES.bankCard;
}

/** Card numbers are often typed in groups of four: the digits only. */
export const normalizeBankCard = (v: string) => v.replace(/[\s-]/g, '');

const PSN_TYPE_ALIASES: Record<string, PsnType> = {
  在职: '1',
  在职职工: '1',
  职工: '1',
  退休: '2',
  退休职工: '2',
  劳模: '3',
  劳动模范: '3',
  困难: '4',
  困难职工: '4',
};

/** The person type's code from what a clerk writes: the code (1-4) or its label (在职职工 or 在职…). */
export function psnTypeOf(v: unknown): PsnType | null {
  const s = String(v ?? '').trim();
  if (s in PSN_TYPE_LABELS) return s as PsnType;
  return PSN_TYPE_ALIASES[s] ?? null;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function realDay(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || y > 2999 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${pad2(m)}-${pad2(d)}`;
}

/**
 * A day as 'YYYY-MM-DD' from what a sheet holds: 2024-03-01, 2024/3/1, 2024.3.1, 20240301, or an
 * Excel serial day (a date cell read without its format); null when it is none of them.
 */
export function normalizeDay(v: unknown): string | null {
  const s = String(v ?? '').trim();
  let m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T].*)?$/.exec(s);
  if (m) return realDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (m) return realDay(Number(m[1]), Number(m[2]), Number(m[3]));
  if (/^\d{5}(?:\.\d+)?$/.test(s)) {
    const serial = Math.floor(Number(s));
    if (serial < 20_000 || serial > 80_000) return null;
    return new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000).toISOString().slice(0, 10);
  }
  return null;
}

/** The local Date of a 'YYYY-MM-DD' day (noon), for the ID rule that compares birth with today. */
const localDate = (day: string) => new Date(`${day}T12:00:00`);

/** The joining date against today and the birth date (from the ID number): null when fine. */
export function checkJoinedOn(joinedOn: string, birthDate: string | null, today: string): string | null {
  if (joinedOn > today) return STAFF_MESSAGES.joinFuture;
  if (birthDate && joinedOn < birthDate) return STAFF_MESSAGES.joinBeforeBirth;
  return null;
}

/** The leaving date against the joining date and today: null when fine. */
export function checkLeftOn(leftOn: string, joinedOn: string, today: string): string | null {
  if (leftOn > today) return STAFF_MESSAGES.leaveFuture;
  if (leftOn < joinedOn) return STAFF_MESSAGES.leaveBeforeJoin;
  return null;
}

/** One roster row as staged: normalised values, or the clerk's text when a value is wrong. */
export interface RosterRow {
  name: string;
  certNo: string;
  /** The code when valid, else the text as written. */
  psnType: string;
  phone: string | null;
  bankName: string | null;
  bankCard: string | null;
  /** 'YYYY-MM-DD' or null when missing or unreadable. */
  joinedOn: string | null;
}

/** Cells longer than this are cut when staged (a report shows what was there, not megabytes of it). */
const CELL_MAX = 100;
const cell = (v: string | undefined) => (v ?? '').trim().slice(0, CELL_MAX);

/**
 * The checks of one roster row that need nothing but the row (required fields, ID number with its
 * check character and birth date, person type, phone, bank card, joining date). The checks against
 * the registry and the other units (insured, name, employed elsewhere) and the duplicates within
 * the file are the import's. Every problem is listed, so the clerk fixes the row at once.
 * ID number, phone and card are read half-width (halfWidth); `asNumbers`: those of them the
 * workbook holds as numbers, refused with numberCellMessage (not checked further: their digits
 * are the double's).
 */
export function checkRosterRow(
  cells: Partial<Record<RosterKey, string>>,
  today: string,
  asNumbers: readonly RosterKey[] = [],
): { row: RosterRow; error: string | null } {
  const problems: string[] = [];
  const name = cell(cells.name);
  const certNo = cell(halfWidth(cells.certNo ?? '')).toUpperCase();
  const psnText = cell(cells.psnType);
  const phone = cell(halfWidth(cells.phone ?? '')) || null;
  const bankName = cell(cells.bankName) || null;
  const cardText = cell(halfWidth(cells.bankCard ?? ''));
  const bankCard = cardText ? normalizeBankCard(cardText) : null;
  const joinedText = cell(cells.joinedOn);

  if (!name) problems.push('请填写姓名');
  else if (checkStaffName(name)) problems.push(STAFF_MESSAGES.name);
  let birthDate: string | null = null;
  if (!certNo) problems.push('请填写身份证号码');
  else if (asNumbers.includes('certNo')) problems.push(STAFF_MESSAGES.certNoAsNumber);
  else if (checkIdCard(certNo, localDate(today))) problems.push('身份证号码不正确（请核对位数、出生日期和末位校验码）');
  else birthDate = `${certNo.slice(6, 10)}-${certNo.slice(10, 12)}-${certNo.slice(12, 14)}`;
  const psnType = psnTypeOf(psnText);
  if (!psnText) problems.push('请填写人员类别');
  else if (!psnType) problems.push(STAFF_MESSAGES.psnType);
  if (phone && asNumbers.includes('phone')) problems.push(STAFF_MESSAGES.phoneAsNumber);
  else if (phone && checkContactPhone(phone)) problems.push('联系电话不正确（手机号码或带区号的固定电话）');
  if (bankCard && asNumbers.includes('bankCard')) problems.push(STAFF_MESSAGES.bankCardAsNumber);
  else if (bankCard && checkBankCard(bankCard)) problems.push(STAFF_MESSAGES.bankCard);
  if (bankCard && !bankName) problems.push(STAFF_MESSAGES.bankName);
  if (bankName && !bankCard) problems.push(STAFF_MESSAGES.bankCardMissing);
  const joinedOn = joinedText ? normalizeDay(joinedText) : null;
  if (!joinedText) problems.push('请填写入职日期');
  else if (!joinedOn) problems.push(STAFF_MESSAGES.joinDate);
  else {
    const problem = checkJoinedOn(joinedOn, birthDate, today);
    if (problem) problems.push(problem);
  }
  return {
    row: { name, certNo, psnType: psnType ?? psnText, phone, bankName, bankCard, joinedOn },
    error: problems.length ? problems.join('；') : null,
  };
}

/** ID number shown in lists: 4301**********0022. */
export function maskCertNo(certNo: string | null | undefined): string {
  if (!certNo) return '';
  return certNo.length <= 8 ? certNo : `${certNo.slice(0, 4)}${'*'.repeat(certNo.length - 8)}${certNo.slice(-4)}`;
}
