/**
 * Labels of the transfer pages' states (zod-free: the portal imports them; schemas/personal.ts
 * re-exports them with the request schemas).
 */
export const TRANSFER_STATES = ['receiving', 'reviewing', 'done', 'returned', 'cancelled'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];
export const TRANSFER_STATE_LABELS: Record<TransferState, string> = {
  receiving: '待转入确认',
  reviewing: '待审核',
  done: '已完成',
  returned: '已退回',
  cancelled: '已撤销',
};

export const FILING_STATES = ['submitted', 'filed', 'returned'] as const;
export type FilingState = (typeof FILING_STATES)[number];
export const FILING_STATE_LABELS: Record<FilingState, string> = { submitted: '已提交', filed: '已备案', returned: '已退回' };

export const INSURED_STATUSES = ['active', 'inactive', 'none'] as const;
export type InsuredStatus = (typeof INSURED_STATUSES)[number];
export const INSURED_STATUS_LABELS: Record<InsuredStatus, string> = { active: '参保缴费', inactive: '暂停参保', none: '未登记' };
