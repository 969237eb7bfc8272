/**
 * Bank reconciliation (对账, issue 20): what a credit of the union's account became, in words.
 */

export const CREDIT_STATE_LABELS = {
  matched: '已核对',
  exception: '待处理',
  refunded: '已退款',
  left: '已搁置',
} as const;
export type CreditState = keyof typeof CREDIT_STATE_LABELS;

/** Why a credit did not confirm a payment by itself. */
export const CREDIT_REASON_LABELS = {
  partial: '少于应缴金额（部分缴费）',
  over: '多于应缴金额',
  noReference: '附言无缴费识别码，且无法按付款单位和金额确定通知单',
  unknownReference: '缴费识别码对应的通知单不存在',
  ambiguous: '附言中有多个缴费识别码',
  twice: '通知单已缴费（重复到账）',
  notPayable: '通知单不是待缴费状态',
  refused: '不能确认缴费',
} as const;
export type CreditReason = keyof typeof CREDIT_REASON_LABELS;

/**
 * The fields of a bank's statement export and the headers common Chinese banks give them; a bank's
 * saved format (bank_formats) names its own header per field and is tried first.
 */
export const STATEMENT_FIELDS = {
  txnId: { label: '交易流水号', headers: ['交易流水号', '流水号', '银行流水号', '交易序号', '交易参考号', '凭证号'] },
  bookedOn: { label: '交易日期', headers: ['交易日期', '记账日期', '入账日期', '交易时间', '日期'] },
  amount: { label: '贷方金额', headers: ['贷方金额', '收入金额', '转入金额', '入账金额', '贷方发生额', '金额'] },
  payerName: { label: '对方户名', headers: ['对方户名', '付款人名称', '对方名称', '付款方户名', '对方账户名称', '付款人户名'] },
  payerAccount: { label: '对方账号', headers: ['对方账号', '付款人账号', '付款方账号', '对方账户', '付款人账户'] },
  memo: { label: '摘要', headers: ['附言', '用途', '摘要', '备注', '交易附言', '汇款用途'] },
} as const;
export type StatementField = keyof typeof STATEMENT_FIELDS;
export const STATEMENT_FIELD_KEYS = Object.keys(STATEMENT_FIELDS) as StatementField[];
