import type { ReactNode } from 'react';
import { Result, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { yuan } from '@hall/shared/enrolment/index.ts';
import { groupedReference } from '@hall/shared/enrolment/payment-reference.ts';
import { PrintSheet } from '../../components/PrintSheet';
import { type PaymentNotice, usePaymentNotice } from './api/payment-notice';
import './payment.css';

const money = (fen: number) => `¥${yuan(fen)}`;

/** 缴费通知单: who pays what for which period, into which account, by when. */
export function PaymentNoticeDocument({ notice }: { notice: PaymentNotice }) {
  const shares = notice.breakdown.reduce((s, b) => s + b.shares, 0);
  return (
    <>
      <h1 className="print-doc__title">职工医疗互助缴费通知单</h1>
      <div className="notice-meta">
        <span>通知单号：{notice.noticeNo}</span>
        <span>开具日期：{notice.issuedOn}</span>
      </div>
      <table className="print-doc__table notice-account" style={{ marginBottom: 16 }}>
        <tbody>
          <tr>
            <th scope="row">缴费单位</th>
            <td>
              {notice.unitName}（{notice.uact}）
            </td>
          </tr>
          {notice.uscc ? (
            <tr>
              <th scope="row">统一社会信用代码</th>
              <td>{notice.uscc}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">互助期</th>
            <td>
              {notice.periodName}（保障期 {notice.coverFrom} 至 {notice.coverTo}），{notice.kindLabel}申请 {notice.applicationNo}
            </td>
          </tr>
        </tbody>
      </table>
      <table className="notice-table">
        <thead>
          <tr>
            <th>互助项目</th>
            <th className="num">人数</th>
            <th className="num">份数</th>
            <th className="num">每份费率（元/年）</th>
            <th className="num">金额（元）</th>
          </tr>
        </thead>
        <tbody>
          {notice.breakdown.map((b) => (
            <tr key={b.productCode}>
              <td>{b.productName}</td>
              <td className="num">{b.headcount}</td>
              <td className="num">{b.shares}</td>
              <td className="num">{yuan(b.rateFen)}</td>
              <td className="num">{yuan(b.amountFen)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td>合计</td>
            <td className="num">{notice.headcount}</td>
            <td className="num">{shares}</td>
            <td />
            <td className="num" data-testid="notice-total">
              {money(notice.totalFen)}
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="notice-capital">
        合计金额（大写）：<strong data-testid="notice-capital">人民币{notice.totalCapital}</strong>
      </p>
      <table className="print-doc__table notice-account">
        <tbody>
          <tr>
            <th scope="row">收款单位</th>
            <td>{notice.account.name}</td>
          </tr>
          <tr>
            <th scope="row">开户银行</th>
            <td>{notice.account.bank}</td>
          </tr>
          <tr>
            <th scope="row">银行账号</th>
            <td data-testid="notice-account-no">{notice.account.accountNo}</td>
          </tr>
          <tr>
            <th scope="row">缴费识别码</th>
            <td>
              <strong className="notice-reference" data-testid="notice-reference">
                {groupedReference(notice.paymentRef)}
              </strong>
              （转账时请填写在附言中）
            </td>
          </tr>
          {notice.payerAccount ? (
            <tr>
              <th scope="row">付款账户</th>
              <td data-testid="notice-payer-account">
                {notice.payerAccount.name}（{notice.payerAccount.bank} {notice.payerAccount.accountNo}）
              </td>
            </tr>
          ) : null}
          <tr>
            <th scope="row">缴费截止日期</th>
            <td>
              <span className="notice-deadline">{notice.payDeadline}</span>
              {notice.overdue ? '（已逾期，请尽快缴费）' : ''}
            </td>
          </tr>
          {notice.payment ? (
            <tr>
              <th scope="row">缴费记录</th>
              <td>
                已于 {notice.payment.paidOn} 缴费 {money(notice.payment.amountFen)}，凭证号 {notice.payment.voucherNo}（{notice.stateLabel}
                ）
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <p className="print-doc__note">
        说明：1. 请通过银行转账缴费，汇款用途（附言）请填写缴费识别码 {notice.paymentRef}，市总工会按识别码核对到账；2.
        缴费金额须与合计金额一致；3. 市总工会按银行回单确认缴费后，职工自保障生效日起享受互助保障，新参加人员设有等待期；4.
        逾期未缴费的，相关职工不能享受本期互助保障。
      </p>
      <div className="notice-stamp">
        <span>{notice.payee}（盖章）</span>
        <span>{notice.issuedOn}</span>
      </div>
    </>
  );
}

/** /print?kind=payment-notice&id=… : the notice of one of the signed-in unit's applications. */
export default function PaymentNoticePrintPage() {
  const [search] = useSearchParams();
  const id = search.get('id')?.trim() ?? '';
  const query = usePaymentNotice(id);
  let body: ReactNode;
  if (!/^\d+$/.test(id)) body = <Result status="warning" title="未指定要打印的申请" subTitle="请从“应缴金额”页面打印缴费通知单。" />;
  else if (query.isLoading) body = <Skeleton active />;
  else if (query.isError || !query.data)
    body = (
      <Result
        status="warning"
        title={(query.error as Error | null)?.message || '缴费通知单不存在'}
        subTitle="请从“应缴金额”页面重新进入。"
      />
    );
  else body = <PaymentNoticeDocument notice={query.data} />;
  return (
    <PrintSheet title="缴费通知单" printable={Boolean(query.data)} back="/payment">
      {body}
    </PrintSheet>
  );
}
