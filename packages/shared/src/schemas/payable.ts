import { z } from 'zod';

/** An application id as the portal sends it (number or digits). */
export const applicationIdField = z
  .union([z.string(), z.number()], { error: '请选择申请' })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,9}$/.test(v) && Number(v) > 0, '请选择申请')
  .transform(Number);

/** POST /gob/web/payable/queryList: the unit's amounts payable, optionally of one year. */
export const payableListRequest = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export type PayableListRequest = z.input<typeof payableListRequest>;

/** POST /gob/web/payable/queryNotice: the payment notice (缴费通知单) of one application. */
export const paymentNoticeRequest = z.object({ id: applicationIdField });
export type PaymentNoticeRequest = z.input<typeof paymentNoticeRequest>;
