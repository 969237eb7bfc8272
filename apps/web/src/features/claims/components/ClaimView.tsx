import { Alert, Descriptions, Tag, Timeline } from 'antd';
import { payoutFailureText } from '@hall/shared/benefits/index.ts';
import { formatDateTime } from '../../../lib/format';
import type { ClaimDetail } from '../api/claim-detail';
import { ClaimAttachments } from './ClaimAttachments';
import { ClaimStateTag, FILED_BY_LABELS, money } from './labels';

/** A claim as every party sees it: what it is for, the amount, its attachments (查看 in the page) and its history. */
export function ClaimView({ detail }: { detail: ClaimDetail }) {
  const c = detail.claim;
  return (
    <div className="claim-view" data-testid="claim-view">
      {c.payoutFailure ? (
        <Alert
          className="claim-view__failure"
          type="error"
          showIcon
          data-testid="payout-failure"
          message={payoutFailureText(c.payoutFailure)}
        />
      ) : null}
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label="申请号">{c.claimNo}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <ClaimStateTag state={c.state} label={c.stateLabel} />
        </Descriptions.Item>
        <Descriptions.Item label="补助类型">{c.typeLabel}</Descriptions.Item>
        <Descriptions.Item label="互助项目">
          {c.periodYear}年度 {c.productName}
        </Descriptions.Item>
        <Descriptions.Item label="职工">
          {c.personName}（{c.certNo}）
        </Descriptions.Item>
        <Descriptions.Item label="单位">{c.unitName}</Descriptions.Item>
        {c.admittedOn ? (
          <>
            <Descriptions.Item label="住院">
              {c.admittedOn} 至 {c.dischargedOn}
              {c.days ? `（${c.days}天）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label="医院">{c.hospitalName}</Descriptions.Item>
            <Descriptions.Item label="诊断">
              {c.diagnosisCode ? `${c.diagnosisCode} ` : ''}
              {c.diagnosisName}
            </Descriptions.Item>
            <Descriptions.Item label="申请期限">{c.deadline ? `${c.deadline} 前` : '—'}</Descriptions.Item>
          </>
        ) : null}
        {c.invoiceFen !== null ? <Descriptions.Item label="发票政策范围内个人自付">{money(c.invoiceFen)}</Descriptions.Item> : null}
        <Descriptions.Item label="金额">
          <strong data-testid="claim-amount">{money(c.amountFen)}</strong>
          {c.state === 'draft' || c.state === 'returned' ? '（提交时按规则重新计算）' : ''}
        </Descriptions.Item>
        <Descriptions.Item label="银行卡">{c.bankCard ? `${c.bankName ?? ''} ${c.bankCard}` : '未登记'}</Descriptions.Item>
        <Descriptions.Item label="申请方式">{FILED_BY_LABELS[c.filedBy]}</Descriptions.Item>
        {c.reason ? (
          <Descriptions.Item label={c.state === 'refused' ? '不予补助原因' : '退回原因'} span={2}>
            <span className="claim-reason">{c.reason}</span>
          </Descriptions.Item>
        ) : null}
        {c.note ? (
          <Descriptions.Item label="备注" span={2}>
            {c.note}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <h3 className="claim-view__head">申请材料</h3>
      <div className="claim-required">
        {detail.required.map((r) => (
          <Tag key={r.kind} color={r.present ? 'success' : 'error'} className="claim-tag">
            {r.present ? '✓' : '✗'} {r.label}
          </Tag>
        ))}
      </div>
      <ClaimAttachments attachments={detail.attachments} />
      <h3 className="claim-view__head">办理记录</h3>
      <Timeline
        items={detail.events.map((e) => ({
          key: `${e.at}-${e.toState}`,
          content: (
            <div>
              <div>
                {formatDateTime(e.at)} · {e.actorName}：{e.fromLabel ? `${e.fromLabel} → ` : ''}
                {e.toLabel}
              </div>
              {e.note ? <div className="claim-event-note">{e.note}</div> : null}
            </div>
          ),
        }))}
      />
    </div>
  );
}
