import { z } from 'zod';
import {
  checkCertNo,
  checkContactPhone,
  checkEmail,
  checkIdCard,
  checkMobile,
  checkPostalCode,
  checkRegAccount,
  checkUscc,
} from '../validation/index';
import { requiredText } from './common';
import {
  captchaFields,
  checkConfirmed,
  codeChoice,
  confirmPasswordField,
  fileIdField,
  mobileField,
  optionalText,
  passwordField,
  ruledText,
} from './fields';

/**
 * Both registration forms: the captcha, and for a resubmission after a rejection the SMS code sent
 * to the original applicant's phone (getPsnMobCode, purpose register-resubmit).
 */
const submissionFields = {
  ...captchaFields,
  msgAuthCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, '请输入6位数字验证码')
    .optional(),
};

const accountField = () => ruledText('单位账号', checkRegAccount, 64);
const usccField = () => ruledText('统一社会信用代码', checkUscc, 20).transform((v) => v.toUpperCase());
const parentField = () => z.string({ error: '请选择上级工会' }).trim().min(1, '请选择上级工会').max(20, '字段长度不能超过20');

/** The legal representative's certificate number, checked by its certificate type (R42). */
function checkLegalRepCert(value: { certType?: unknown; entLegrepIdcard?: unknown }, ctx: z.RefinementCtx) {
  if (typeof value.entLegrepIdcard !== 'string' || !value.entLegrepIdcard) return;
  const problem = checkCertNo(value.certType, value.entLegrepIdcard);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['entLegrepIdcard'] });
}

/** POST …/registerService/insertRegisterInfo: the spec's unit fields plus the parent union. */
export const unitRegisterRequest = z
  .object({
    empUact: accountField(),
    pwd: passwordField(),
    confirmPassword: confirmPasswordField(),
    empName: requiredText('单位名称', 500),
    empNo: optionalText(20),
    uscc: usccField(),
    bizreglic: optionalText(20),
    taxRegNo: optionalText(20),
    legentTel: mobileField('法定代表人手机号码'),
    empAddr: requiredText('单位地址', 500),
    legentName: requiredText('法定代表人姓名', 20),
    entLegrepIdcard: requiredText('法定代表人证件号码', 20),
    certType: codeChoice('证件类型'),
    parentUact: parentField(),
    ...submissionFields,
  })
  .superRefine((value, ctx) => {
    checkConfirmed(value, ctx);
    checkLegalRepCert(value, ctx);
  });
export type UnitRegisterRequest = z.input<typeof unitRegisterRequest>;

/** …/register/checkUnitinfo and …/publicBidding/checkUnitinfo: whichever of the three is given. */
export const checkUnitInfoRequest = z
  .object({
    empUact: optionalText(64, checkRegAccount),
    empName: optionalText(500),
    uscc: optionalText(20, checkUscc).transform((v) => v?.toUpperCase()),
  })
  .refine((v) => v.empUact || v.empName || v.uscc, { message: '请输入单位账号、单位名称或统一社会信用代码' });

/** POST …/publicBidding/register: a unit that deals with the city union directly, with a signed power of attorney. */
export const biddingRegisterRequest = z
  .object({
    empUact: accountField(),
    pwd: passwordField(),
    confirmPassword: confirmPasswordField(),
    empName: requiredText('单位名称', 500),
    uscc: usccField(),
    empAddr: requiredText('单位地址', 500),
    empType: codeChoice('单位类型'),
    legentTel: mobileField('法定代表人手机号码'),
    legentName: requiredText('法定代表人姓名', 20),
    entLegrepIdcard: ruledText('法定代表人身份证号码', checkIdCard, 20),
    authorization: fileIdField('请上传已签章的授权委托书'),
    authFileName: optionalText(200),
    ...submissionFields,
  })
  .superRefine(checkConfirmed);
export type BiddingRegisterRequest = z.input<typeof biddingRegisterRequest>;

/** POST …/publicBidding/downloadPowerOfAttorney: the unit's data to print into the 授权委托书. */
export const powerOfAttorneyRequest = z.object({
  empName: requiredText('单位名称', 500),
  empUact: optionalText(64),
  uscc: optionalText(20, checkUscc),
  empAddr: optionalText(500),
  legentName: optionalText(20),
  entLegrepIdcard: optionalText(20, checkIdCard),
  legentTel: optionalText(20, checkMobile),
});
export type PowerOfAttorneyRequest = z.input<typeof powerOfAttorneyRequest>;

/** POST …/registerService/selectRegUserInfo {empUact} */
export const selectRegUserInfoRequest = z.object({ empUact: requiredText('单位账号', 64) });

export type RegistrationStatus = 'pending' | 'approved' | 'rejected';
export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
  pending: '待审核',
  approved: '审核通过',
  rejected: '审核未通过',
};

/** What a visitor may learn about a registration: no secrets, the phone masked. */
export interface RegistrationInfo {
  empUact: string;
  empName: string;
  kind: 'unit' | 'bidding';
  status: RegistrationStatus;
  statusLabel: string;
  reason: string | null;
  phone: string;
  submittedAt: string;
  decidedAt: string | null;
}

/** POST …/registerService/completionRegInfo (logged-in unit, after a 600067 login). */
export const completionRegInfoRequest = z.object({
  contactName: requiredText('联系人姓名', 20),
  contactTel: ruledText('联系电话', checkContactPhone, 20),
  regionCode: z
    .string({ error: '请选择所属区域' })
    .trim()
    .regex(/^\d{6}$/, '请选择所属区域'),
  empType: codeChoice('单位类型'),
  staffCount: z.coerce
    .number({ error: '请输入正确的职工人数' })
    .int('请输入正确的职工人数')
    .min(1, '请输入正确的职工人数')
    .max(1_000_000, '请输入正确的职工人数'),
  empAddr: requiredText('单位地址', 500),
  postalCode: optionalText(6, checkPostalCode),
  email: optionalText(254, checkEmail),
  /** Only for a unit that has none yet (units opened by the operator). */
  uscc: optionalText(20, checkUscc).transform((v) => v?.toUpperCase()),
  legentName: optionalText(20),
  legentTel: optionalText(20, checkMobile),
});
export type CompletionRegInfoRequest = z.input<typeof completionRegInfoRequest>;

/** POST …/registerService/selectUnitInfo (logged-in unit): what /improveInfo shows. */
export interface UnitInfo {
  uact: string;
  empName: string;
  uscc: string;
  empAddr: string;
  legentName: string;
  legentTel: string;
  contactName: string;
  contactTel: string;
  regionCode: string;
  empType: string;
  staffCount: number | null;
  postalCode: string;
  email: string;
  parentUact: string;
  parentName: string;
  infoComplete: boolean;
}

/** GET …/dicts/queryFirstContact, POST …/queryFirstContactForOrg {empName?}: unions a unit can register under. */
export const firstContactForOrgRequest = z.object({ empName: optionalText(100) });
export interface FirstContact {
  uact: string;
  empName: string;
  uniType: string;
}
