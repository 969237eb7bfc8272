import { z } from 'zod';
import { idField } from './ids';

/** An application id as the portal sends it (number or digits). */
export const applicationIdField = idField('请选择申请');

/** POST /gob/web/payable/queryList: the unit's amounts payable, optionally of one year. */
export const payableListRequest = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

/** POST /gob/web/payable/queryNotice: the payment notice (缴费通知单) of one application. */
export const paymentNoticeRequest = z.object({ id: applicationIdField });
