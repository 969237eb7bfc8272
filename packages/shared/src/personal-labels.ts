/**
 * Labels of the transfer pages' states (zod-free: the portal imports them; schemas/personal.ts
 * re-exports them with the request schemas).
 */
import { keysOf } from './labels';

export const TRANSFER_STATE_LABELS = {
  receiving: '待转入确认',
  reviewing: '待审核',
  done: '已完成',
  returned: '已退回',
  cancelled: '已撤销',
};
export type TransferState = keyof typeof TRANSFER_STATE_LABELS;
export const TRANSFER_STATES = keysOf(TRANSFER_STATE_LABELS);

export const FILING_STATE_LABELS = { submitted: '已提交', filed: '已备案', returned: '已退回' };
export type FilingState = keyof typeof FILING_STATE_LABELS;
export const FILING_STATES = keysOf(FILING_STATE_LABELS);

export const INSURED_STATUS_LABELS = { active: '参保缴费', inactive: '暂停参保', none: '未登记' };
export type InsuredStatus = keyof typeof INSURED_STATUS_LABELS;
export const INSURED_STATUSES = keysOf(INSURED_STATUS_LABELS);
