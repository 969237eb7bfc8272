import { Alert, Button, Descriptions, Drawer, Grid, Skeleton, Space } from 'antd';
import { chinaMinute } from '@hall/shared/china-time.ts';
import { yuan } from '@hall/shared/enrolment/index.ts';
import { EventTimeline } from '../../../components/EventTimeline';
import type { ClaimDetail } from '../api/claim-detail';
import { ClaimAttachments } from './ClaimAttachments';
import { StateTag } from './labels';

interface Props {
  open: boolean;
  detail: ClaimDetail | undefined;
  error: Error | null;
  /** The operator may decide (a reviewer, not the auditor) and the claim waits for the city union. */
  mayDecide: boolean;
  onClose(): void;
  onApprove(): void;
  onReturn(): void;
  onRefuse(): void;
}

const money = (fen: number | null | undefined) => (fen === null || fen === undefined ? '—' : `¥${yuan(fen)}`);
const or = (text: string | null | undefined) => text || '—';

/** The rule's amount beside the claim's: the reviewer sees at once whether they differ, and why. */
function Amounts({ detail }: { detail: ClaimDetail }) {
  const { claim, rule } = detail;
  const differs = rule.amountFen !== claim.amountFen;
  return (
    <Descriptions column={1} bordered size="small" styles={{ label: { width: 120, whiteSpace: 'nowrap' } }} data-testid="claim-amounts">
      {claim.invoiceFen !== null ? <Descriptions.Item label="申报自付金额">{money(claim.invoiceFen)}</Descriptions.Item> : null}
      <Descriptions.Item label={claim.state === 'city_review' ? '申请金额' : '核定金额'}>
        <strong>{money(claim.amountFen)}</strong>
      </Descriptions.Item>
      <Descriptions.Item label="规则计算金额">
        <span className={differs ? 'amount-differs' : undefined} data-testid="rule-amount">
          {money(rule.amountFen)}
        </span>
        {differs ? <span className="amount-differs">（与申请金额不同）</span> : null}
        {rule.basis ? <div className="amount-basis">{rule.basis}</div> : null}
      </Descriptions.Item>
      {rule.problems.length ? (
        <Descriptions.Item label="规则提示">
          <Alert type="warning" showIcon title={rule.problems.join('；')} />
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

function ClaimFacts({ detail }: { detail: ClaimDetail }) {
  const { claim } = detail;
  const stay = claim.admittedOn ? `${claim.admittedOn} 至 ${or(claim.dischargedOn)}${claim.days ? `（${claim.days} 天）` : ''}` : null;
  return (
    <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" styles={{ label: { whiteSpace: 'nowrap' } }} data-testid="claim-facts">
      <Descriptions.Item label="申请号">{claim.claimNo}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <StateTag row={claim} />
      </Descriptions.Item>
      <Descriptions.Item label="补助类型">{claim.typeLabel}</Descriptions.Item>
      <Descriptions.Item label="互助项目">
        {claim.periodYear} 年度 {claim.productName}
      </Descriptions.Item>
      <Descriptions.Item label="职工">{claim.personName}</Descriptions.Item>
      <Descriptions.Item label="身份证号">{claim.certNo}</Descriptions.Item>
      <Descriptions.Item label="单位">{claim.unitName}</Descriptions.Item>
      <Descriptions.Item label="申请方式">{claim.filedBy === 'unit' ? '单位代办' : '职工本人'}</Descriptions.Item>
      {stay ? <Descriptions.Item label="住院时间">{stay}</Descriptions.Item> : null}
      {claim.hospitalName ? <Descriptions.Item label="医院">{claim.hospitalName}</Descriptions.Item> : null}
      {claim.diagnosisName ? (
        <Descriptions.Item label="诊断">
          {claim.diagnosisName}
          {claim.diagnosisCode ? `（${claim.diagnosisCode}）` : ''}
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label="收款账户">{claim.bankCard ? `${or(claim.bankName)} ${claim.bankCard}` : '未登记'}</Descriptions.Item>
      <Descriptions.Item label="提交时间">{chinaMinute(claim.submittedAt) ?? '—'}</Descriptions.Item>
      {claim.note ? <Descriptions.Item label="申请说明">{claim.note}</Descriptions.Item> : null}
      {claim.reason ? <Descriptions.Item label="退回/不予补助原因">{claim.reason}</Descriptions.Item> : null}
    </Descriptions>
  );
}

/**
 * One claim for 市总审核: the facts, the amounts (the claim's and the rule's), the attachments in
 * the page and the history; a waiting claim has 退回补正, 不予补助 and 审核通过 at its foot for a
 * reviewer (the auditor reads only).
 */
export function ClaimDrawer({ open, detail, error, mayDecide, onClose, onApprove, onReturn, onRefuse }: Props) {
  const screens = Grid.useBreakpoint();
  const decidable = mayDecide && detail?.claim.state === 'city_review';
  const footer = decidable ? (
    <Space wrap style={{ width: '100%', justifyContent: 'flex-end' }}>
      <Button onClick={onReturn} data-testid="claim-return">
        退回补正
      </Button>
      <Button danger onClick={onRefuse} data-testid="claim-refuse">
        不予补助
      </Button>
      <Button type="primary" onClick={onApprove} data-testid="claim-approve">
        审核通过
      </Button>
    </Space>
  ) : null;
  return (
    <Drawer open={open} onClose={onClose} title="补助申请详情" size={screens.lg ? 820 : '100%'} footer={footer} data-testid="claim-drawer">
      {error ? (
        <Alert type="warning" showIcon title="补助申请加载失败" description={error.message} />
      ) : !detail ? (
        <Skeleton active />
      ) : (
        <div className="claim-detail">
          <ClaimFacts detail={detail} />
          <h3 className="claim-detail__title">金额</h3>
          <Amounts detail={detail} />
          <h3 className="claim-detail__title">申请材料</h3>
          <ClaimAttachments detail={detail} />
          <h3 className="claim-detail__title">办理记录</h3>
          <EventTimeline events={detail.events} />
        </div>
      )}
    </Drawer>
  );
}
