import { z } from 'zod';
import { checkCertNo, checkDateRange } from '../validation/index';
import { messages } from '../validation/messages';
import { requiredText } from './common';
import {
  captchaFields,
  checkConfirmed,
  codeChoice,
  confirmPasswordField,
  mobileField,
  optionalText,
  passwordField,
  smsCodeField,
} from './fields';

/** 长期: a certificate valid without end (ID cards of people over 45). */
export const CERT_VALID_FOREVER = '长期';

const isRealDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const dateField = (label: string, forever = false) =>
  z
    .string({ error: messages.selectDate(label) })
    .trim()
    .min(1, messages.selectDate(label))
    .refine((v) => (forever && v === CERT_VALID_FOREVER) || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDay(v)), `请选择正确的${label}`);

const certNoField = () => requiredText('证件号码', 20);

/** POST …/register/checkAgentExistOrNot {certType, certno, captchaId, captchaCode} → {exists} (it tells whether an account exists) */
export const agentExistRequest = z.object({ certType: codeChoice('证件类型'), certno: certNoField(), ...captchaFields });

/** POST …/register/checkAgentInfoAndRegister: an agent (经办人) opens a personal account with a phone. */
export const agentRegisterRequest = z
  .object({
    opterTel: mobileField('手机号码'),
    pwd: passwordField(),
    confirmPassword: confirmPasswordField(),
    certType: codeChoice('证件类型'),
    certno: certNoField(),
    certificateStartDate: dateField('证件有效期开始日期'),
    certificateEndDate: dateField('证件有效期结束日期', true),
    empOpterName: requiredText('经办人姓名', 20),
    msgAuthCode: smsCodeField(),
  })
  .superRefine((value, ctx) => {
    checkConfirmed(value, ctx);
    if (typeof value.certno === 'string' && value.certno) {
      const problem = checkCertNo(value.certType, value.certno);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['certno'] });
    }
    const end = value.certificateEndDate === CERT_VALID_FOREVER ? '9999-12-31' : value.certificateEndDate;
    const range = checkDateRange(value.certificateStartDate, end);
    if (range.start) ctx.addIssue({ code: 'custom', message: range.start, path: ['certificateStartDate'] });
  });
export type AgentRegisterRequest = z.input<typeof agentRegisterRequest>;

/** POST …/registerService/selectOpterMobInfo {certno} → {phone} masked */
export const selectOpterMobInfoRequest = z.object({ certno: certNoField(), ...captchaFields });

/** POST …/realName/checkRealName {uact?, certNo, name} → {matched} */
export const realNameRequest = z.object({
  uact: optionalText(64),
  certNo: certNoField(),
  name: requiredText('姓名', 20),
});

/** POST …/usc/publicBusiness/getDiclist {type}: the dictionaries, for the agent pages. */
export const publicDicListRequest = z.object({ type: z.string().trim().min(1, '请指定字典类型').max(40) });
