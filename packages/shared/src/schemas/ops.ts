import { z } from 'zod';
import { requiredText } from './common';
import { idField } from './ids';

/**
 * The operator HTTP API (/ops/api/...): the city union's back office, for operator accounts only.
 * The same services as the `ops` CLI; every change is audited with the operator's name.
 */

/** An operator's login name: a letter, then letters, digits, '.', '_' or '-' (3-32). */
export const OPERATOR_LOGIN_PATTERN = /^[A-Za-z][A-Za-z0-9._-]{2,31}$/;

/** POST /ops/api/login */
export const opsLoginRequest = z.object({
  username: requiredText('账号', 32),
  password: requiredText('密码', 64),
  captchaId: requiredText('验证码', 64),
  captchaCode: requiredText('验证码', 8),
});

/** The operator's own password: the current one proves it is the operator (the rule is checkNewPassword's). */
export const opsPasswordChangeRequest = z.object({
  oldPassword: requiredText('原密码', 64),
  newPassword: requiredText('新密码', 64),
});

export const opsRegistrationListRequest = z.object({
  status: z.enum(['pending', 'approved', 'rejected'], { error: '审核状态只能是 pending、approved 或 rejected' }).optional(),
});

export const opsRegistrationRequest = z.object({ uact: requiredText('单位账号', 20) });
export const opsRegistrationRejectRequest = opsRegistrationRequest.extend({ reason: requiredText('驳回原因', 200) });

const noticeId = idField('公告编号不正确');

export const opsNoticePublishRequest = z.object({
  kind: z.enum(['notice', 'policy'], { error: '类别只能是 notice（通知公告）或 policy（政策文件）' }),
  title: requiredText('标题', 100),
  content: z.string({ error: '请输入正文' }).min(1, '请输入正文').max(50_000, '正文不能超过50000个字'),
  publisher: z.string().trim().max(50, '字段长度不能超过50').optional(),
  /** true: kept as a draft (not shown on the gateway). */
  draft: z.boolean().optional(),
});

export const opsNoticeEditRequest = z
  .object({
    id: noticeId,
    title: z.string().trim().min(1, '请输入标题').max(100, '标题不能超过100个字').optional(),
    content: z.string().min(1, '请输入正文').max(50_000, '正文不能超过50000个字').optional(),
  })
  .refine((v) => v.title !== undefined || v.content !== undefined, { message: '请至少修改标题或正文' });

export const opsNoticeIdRequest = z.object({ id: noticeId });
