import { ELIGIBILITY_LABELS, type Eligibility, eligible, checkIdCard, STAFF_MESSAGES } from '@hall/shared';

/**
 * The row checks of an application import (互助申请导入), as one pure function: the service
 * loads what a chunk of rows needs (the unit's staff by ID number, live lines of the period) and
 * asks this function about each row; the table test holds every reason.
 */

/** The template's columns, in order. */
export const APPLY_COLUMNS = [
  { header: '姓名', key: 'name', width: 14 },
  { header: '身份证号码', key: 'certNo', width: 22 },
  { header: '互助项目', key: 'product', width: 22 },
  { header: '份数', key: 'shares', width: 8, required: false },
] as const;

export interface RawApplyRow {
  rowNo: number;
  name: string;
  certNo: string;
  /** Product code (01) or name (住院医疗互助). */
  product: string;
  /** Blank: one share. */
  shares: string;
  /** Whether the workbook holds the ID number as a number (its last digits lost): refused. */
  certNoAsNumber?: boolean;
}

export interface RowProduct {
  code: string;
  name: string;
  maxShares: number;
  eligibility: Eligibility;
}

/** The unit's staff row of a person named in the file (open or left), with the person. */
export interface RowStaff {
  staffId: number;
  personId: number;
  name: string;
  gender: string | null;
  insured: boolean;
  /** 减员 date; null while employed. */
  leftOn: string | null;
}

export interface RowContext {
  products: readonly RowProduct[];
  /** The caller unit's staff row of this ID number, if any (never another unit's). */
  staffOf(certNo: string): RowStaff | undefined;
  /** Whether the person has a live line of the period for the product: in the application being added to, or elsewhere (any unit). */
  liveOf(personId: number, productCode: string): 'this' | 'elsewhere' | undefined;
  /** The row number of an earlier row of the file with the same person and product (see CheckedRow.dupKey). */
  earlierRow(certNo: string, productCode: string): number | undefined;
  /** The day ID numbers are checked against (a birth date cannot be later). */
  today: Date;
}

export interface CheckedRow {
  rowNo: number;
  name: string;
  /** Upper-cased; as typed when it is not a valid number. */
  certNo: string;
  /** The product's code when known, else the text of the cell. */
  productCode: string;
  /** Null when not a whole number in range. */
  shares: number | null;
  error: string | null;
  /** Person and product (ID number|code) of a row that got past the duplicate check: later rows with it are duplicates. */
  dupKey?: string;
  staffId?: number;
  personId?: number;
}

const SHARES = /^\d{1,2}$/;

/** A product by code or by name (the template accepts both). */
export function productOf(products: readonly RowProduct[], text: string): RowProduct | undefined {
  const t = text.replace(/\s/g, '');
  return products.find((p) => p.code === t || p.code === t.padStart(2, '0') || p.name === t);
}

/** The first problem of one row, in the order a clerk fixes them (null: the row can be written). */
export function checkApplyRow(row: RawApplyRow, ctx: RowContext): CheckedRow {
  const name = row.name.trim();
  const certNo = row.certNo.replace(/\s/g, '').toUpperCase();
  const product = productOf(ctx.products, row.product);
  const sharesText = row.shares.trim();
  const shares = sharesText === '' ? 1 : SHARES.test(sharesText) ? Number(sharesText) : null;
  const out = (error: string | null, extra: Partial<CheckedRow> = {}): CheckedRow => ({
    rowNo: row.rowNo,
    name,
    certNo,
    productCode: product?.code ?? row.product.trim(),
    shares: shares !== null && shares >= 1 && shares <= 10 ? shares : null,
    error,
    ...extra,
  });

  if (!name) return out('请填写姓名');
  if (!certNo) return out('请填写身份证号码');
  if (row.certNoAsNumber) return out(STAFF_MESSAGES.certNoAsNumber);
  if (checkIdCard(certNo, ctx.today)) return out('身份证号码不正确（请核对位数、出生日期和末位校验码）');
  if (!row.product.trim()) return out('请填写互助项目（编码或名称）');
  if (!product) {
    const known = ctx.products.map((p) => `${p.code} ${p.name}`).join('、');
    return out(`互助项目“${row.product.trim()}”不存在，可填写：${known}`);
  }
  if (shares === null || shares < 1 || shares > product.maxShares) return out(`份数应为1至${product.maxShares}的整数`);
  const earlier = ctx.earlierRow(certNo, product.code);
  if (earlier !== undefined) return out(`与第${earlier}行重复（同一人员同一互助项目）`);
  const dupKey = `${certNo}|${product.code}`;
  const fail = (error: string) => out(error, { dupKey });

  const staff = ctx.staffOf(certNo);
  if (!staff) return fail('不是本单位在册职工，请先在“互助人员管理”中添加');
  if (staff.leftOn) return fail(`已于${staff.leftOn}从本单位减员，不能申报`);
  if (staff.name !== name) return fail(`姓名与本单位人员名单不一致（名单中为“${staff.name}”）`);
  if (!staff.insured) return fail('未办理医保参保登记，不能参加互助');
  if (!eligible(product.eligibility, staff.gender)) {
    return fail(`不符合“${product.name}”的参加条件（${ELIGIBILITY_LABELS[product.eligibility]}）`);
  }
  const live = ctx.liveOf(staff.personId, product.code);
  if (live === 'this') return fail('已在本申请中，无需重复导入');
  if (live === 'elsewhere') return fail('已在本互助期申报或参加该项目，不能重复申报');
  return out(null, { dupKey, staffId: staff.staffId, personId: staff.personId });
}
