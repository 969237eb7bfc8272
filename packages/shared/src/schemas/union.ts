import { z } from 'zod';
import { checkBankAccountNo, normalizeAccountNo, UNION_CHANGE_FILES_MAX, UNION_CHANGE_STATES, UNION_MESSAGES } from '../union/index';
import { checkContactPhone, checkMobile, checkPostalCode } from '../validation/contact';
import { messages } from '../validation/messages';
import { checkUscc } from '../validation/uscc';
import { fileIdField, optionalDay, requiredDay, ruledText } from './fields';
import { pageQuery, requiredText } from './common';
import { idField } from './ids';

/** Union information (基层工会信息) and its change records: the requests (issue 10). */

const SHORT = 20;
const LONG = 500;

const day = (label: string) => requiredDay(messages.selectDate(label));

const count = (label: string) =>
  z.union([z.string(), z.number()], { error: `请输入${label}` }).transform((v, ctx) => {
    const s = String(v).trim();
    if (!s) {
      ctx.addIssue({ code: 'custom', message: `请输入${label}` });
      return z.NEVER;
    }
    const n = Number(s);
    if (!/^\d{1,7}$/.test(s) || !Number.isSafeInteger(n)) {
      ctx.addIssue({ code: 'custom', message: `${label}应为不超过7位的非负整数` });
      return z.NEVER;
    }
    return n;
  });

const ruled = (label: string, rule: (v: unknown) => string | null, max: number) => ruledText(label, rule, max);

/** The whole record as the 编辑 form sends it; every field is required (the page is the union's register entry). */
export const unionInfoForm = z
  .object({
    uniName: requiredText('工会名称', LONG),
    uscc: ruled('统一社会信用代码', checkUscc, SHORT).transform((v) => v.toUpperCase()),
    legalCertNo: requiredText('法人资格证书号', SHORT),
    legalCertStart: day('法人资格证书有效期起'),
    legalCertEnd: day('法人资格证书有效期止'),
    legalName: requiredText('法定代表人', SHORT),
    chairmanName: requiredText('工会主席', SHORT),
    chairmanPhone: ruled('主席联系电话', checkMobile, SHORT),
    chairmanTermStart: day('主席任期起'),
    chairmanTermEnd: day('主席任期止'),
    foundedOn: day('成立日期'),
    employeeCount: count('职工人数'),
    femaleCount: count('女职工人数'),
    memberCount: count('会员人数'),
    regionCode: z
      .string({ error: '请选择所在地区' })
      .trim()
      .regex(/^\d{6}$/, '请选择所在地区'),
    address: requiredText('详细地址', LONG),
    postcode: ruled('邮政编码', checkPostalCode, SHORT),
    contactName: requiredText('联系人', SHORT),
    contactPhone: ruled('联系电话', checkContactPhone, SHORT),
    parentUnion: requiredText('上级工会', LONG),
    bankName: requiredText('开户银行', LONG),
    bankAccountName: requiredText('账户名称', LONG),
    bankAccountNo: ruled('银行账号', checkBankAccountNo, 40).transform(normalizeAccountNo),
    /** 证明材料: files the union uploaded (uploadFile), e.g. the 选举批复 a rejection asked for. */
    fileIds: z
      .array(fileIdField(UNION_MESSAGES.fileNotOwn))
      .max(UNION_CHANGE_FILES_MAX, UNION_MESSAGES.filesMax)
      .optional()
      .transform((ids) => [...new Set(ids ?? [])]),
  })
  .superRefine((v, ctx) => {
    if (v.legalCertStart && v.legalCertEnd && v.legalCertStart > v.legalCertEnd)
      ctx.addIssue({ code: 'custom', message: messages.endBeforeStart, path: ['legalCertEnd'] });
    if (v.chairmanTermStart && v.chairmanTermEnd && v.chairmanTermStart > v.chairmanTermEnd)
      ctx.addIssue({ code: 'custom', message: messages.endBeforeStart, path: ['chairmanTermEnd'] });
    if (v.femaleCount > v.employeeCount)
      ctx.addIssue({ code: 'custom', message: UNION_MESSAGES.femaleOverEmployees, path: ['femaleCount'] });
    if (v.memberCount > v.employeeCount)
      ctx.addIssue({ code: 'custom', message: UNION_MESSAGES.membersOverEmployees, path: ['memberCount'] });
  });
export type UnionInfoForm = z.output<typeof unionInfoForm>;

const changeId = idField(UNION_MESSAGES.changeNotFound);

export const unionChangeIdRequest = z.object({ id: changeId });

/** The change records' filters: state, submit date range (Beijing days). */
export const unionChangeFilter = z
  .object({
    state: z
      .enum(UNION_CHANGE_STATES, { error: '请选择正确的状态' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    dateFrom: optionalDay(),
    dateTo: optionalDay(),
  })
  .superRefine((v, ctx) => {
    if (v.dateFrom && v.dateTo && v.dateFrom > v.dateTo)
      ctx.addIssue({ code: 'custom', message: messages.startAfterEnd, path: ['dateFrom'] });
  });

export const unionChangeListRequest = z.intersection(unionChangeFilter, pageQuery);

export const sysUserByUactRequest = z.object({
  uact: z.string({ error: '请输入单位账号' }).trim().min(1, '请输入单位账号').max(SHORT, messages.maxLength(SHORT)),
});

export const opsUnionChangeListRequest = z.object({
  state: z.enum(UNION_CHANGE_STATES, { error: '状态只能是 pending、approved、rejected、withdrawn' }).optional(),
});
export const opsUnionChangeDecideRequest = z.object({
  id: changeId,
  note: z.string().trim().max(LONG, messages.maxLength(LONG)).optional(),
});
/** One document of a change (the operator's download). */
export const opsUnionChangeFileRequest = z.object({ id: changeId, fileId: fileIdField(UNION_MESSAGES.changeFileNotFound) });
export const opsUnionChangeRejectRequest = z.object({
  id: changeId,
  note: z.string({ error: UNION_MESSAGES.rejectNote }).trim().min(1, UNION_MESSAGES.rejectNote).max(LONG, messages.maxLength(LONG)),
});
