import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants';
import { STAFF_MESSAGES, checkBankCard, checkStaffName, normalizeBankCard, psnTypeOf } from '../staff/index';
import { checkIdCard } from '../validation/idCard';
import { checkContactPhone } from '../validation/contact';
import { optionalDay, optionalText, requiredDay, ruledText } from './fields';
import { idField } from './ids';

/** Staff of a unit (互助人员管理): the requests of /gob/web/StaffInfo/… (issue 8). */

const psnType = z.union([z.string(), z.number()], { error: STAFF_MESSAGES.psnType }).transform((v, ctx) => {
  const code = psnTypeOf(v);
  if (!code) {
    ctx.addIssue({ code: 'custom', message: STAFF_MESSAGES.psnType });
    return z.NEVER;
  }
  return code;
});

/** A staff id as the list answers it. */
const staffId = idField(STAFF_MESSAGES.notFound);

/** What a unit may set of its staff, when adding one and when changing one. */
const staffFields = {
  psnType,
  phone: optionalText(20, checkContactPhone),
  bankName: optionalText(50),
  bankCard: optionalText(30, checkBankCard).transform((v) => (v ? normalizeBankCard(v) : undefined)),
  joinedOn: requiredDay('请选择入职日期'),
};

function bankPair(v: { bankName?: string; bankCard?: string }, ctx: z.RefinementCtx) {
  if (v.bankCard && !v.bankName) ctx.addIssue({ code: 'custom', message: STAFF_MESSAGES.bankName, path: ['bankName'] });
}

/** The list's filters (also the export's). */
export const staffFilter = z.object({
  name: z.string().trim().max(30, '字段长度不能超过30').optional(),
  certNo: z.string().trim().toUpperCase().max(18, '字段长度不能超过18').optional(),
  psnType: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : (psnTypeOf(v) ?? 'x'))),
  /** current 在职 (not left), left 已减员; absent: both. */
  state: z
    .enum(['current', 'left', ''])
    .optional()
    .transform((v) => v || undefined),
  joinedFrom: optionalDay('请输入正确的入职开始日期'),
  joinedTo: optionalDay('请输入正确的入职结束日期'),
});
export type StaffFilter = z.output<typeof staffFilter>;

/**
 * POST …/StaffInfo/getPageList. Pages count from either end of the list (the first and the last
 * 500 pages are read by offset from the nearer end); `afterId` / `beforeId` (the last id of the
 * previous page, the first id of the next) step to any neighbouring page by keyset.
 */
export const staffPageRequest = staffFilter.extend({
  pageNum: z.coerce.number().int().min(1).max(10_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  afterId: idField('翻页位置不正确').optional(),
  beforeId: idField('翻页位置不正确').optional(),
});

export const staffIdRequest = z.object({ id: staffId });

/** POST …/StaffInfo/addStaff */
export const staffAddRequest = z
  .object({
    name: ruledText('姓名', checkStaffName, 30),
    certNo: ruledText('身份证号码', checkIdCard, 18).transform((v) => v.toUpperCase()),
    ...staffFields,
  })
  .superRefine(bankPair);

/** POST …/StaffInfo/updateStaff: bankCard absent keeps the card on record (the form shows it masked). */
export const staffUpdateRequest = z
  .object({
    id: staffId,
    ...staffFields,
  })
  .superRefine(bankPair);

/** POST …/StaffInfo/leaveStaff (减员) */
export const staffLeaveRequest = z.object({
  id: staffId,
  leftOn: requiredDay(STAFF_MESSAGES.leaveDate),
  leaveReason: z.string({ error: STAFF_MESSAGES.leaveReason }).trim().min(1, STAFF_MESSAGES.leaveReason).max(100, '字段长度不能超过100'),
});

/** confirmImport / discardImport / downloadImportReport: the batch the preview answered. */
export const importBatchRequest = z.object({
  batchId: z
    .string({ error: STAFF_MESSAGES.batchGone })
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, STAFF_MESSAGES.batchGone)
    .transform((v) => v.toLowerCase()),
});

export interface StaffRow {
  id: string;
  name: string;
  /** Masked: 4301**********0022. */
  certNo: string;
  gender: string;
  genderLabel: string;
  birthDate: string;
  psnType: string;
  psnTypeLabel: string;
  /** Masked in the list, as entered in the detail. */
  phone: string;
  bankName: string;
  /** Masked: 6222 **** 1234. */
  bankCard: string;
  joinedOn: string;
  leftOn: string | null;
  leaveReason: string | null;
  state: 'current' | 'left';
}

export interface RosterPreview {
  batchId: string;
  fileName: string;
  total: number;
  valid: number;
  invalid: number;
  expiresAt: string;
  invalidRows: Array<{ rowNo: number; name: string; certNo: string; reason: string }>;
}
