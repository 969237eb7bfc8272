import { Alert, Descriptions, Drawer, Spin, Table, Tag } from 'antd';
import { yuan } from '@hall/shared/enrolment/index.ts';
import { payoutFailureText } from '@hall/shared/benefits/index.ts';
import { type TreatmentDetail, useTreatmentDetail } from '../api/treatment-detail';
import { useTreatmentPersonalDetail } from '../api/treatment-personal-detail';
import { STATE_COLORS } from './state';

const money = (fen: number) => `¥${yuan(fen)}`;
const band = (b: TreatmentDetail['computation']['bands'][number]) =>
  b.uptoFen === null ? `${yuan(b.fromFen)} 元以上` : `${yuan(b.fromFen)} – ${yuan(b.uptoFen)} 元`;

function Body({ d }: { d: TreatmentDetail }) {
  const s = d.settlement;
  const c = d.computation;
  return (
    // Focusable: the drawer body scrolls and holds no control, so keyboard users reach it here
    // (axe scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard focus
    <section className="treatment-detail" data-testid="treatment-detail" tabIndex={0} aria-label="互助待遇详情">
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered title="待遇">
        <Descriptions.Item label="姓名">{d.name}</Descriptions.Item>
        <Descriptions.Item label="身份证号码">{d.certNo}</Descriptions.Item>
        <Descriptions.Item label="参保单位">{d.unitName}</Descriptions.Item>
        <Descriptions.Item label="互助项目">
          {d.year}年度 {d.productName}
        </Descriptions.Item>
        <Descriptions.Item label="待遇金额">
          <strong>{money(d.amountFen)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={STATE_COLORS[d.state]}>{d.stateLabel}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="已发放">{money(d.paidFen)}</Descriptions.Item>
        <Descriptions.Item label="待发放">{d.state === 'pending' ? money(d.dueFen) : money(0)}</Descriptions.Item>
        <Descriptions.Item label="发放批次">{d.batchNo ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="发放日期">{d.paidOn ?? '—'}</Descriptions.Item>
        {d.reason ? (
          <Descriptions.Item label="说明" span={2}>
            {d.reason}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {d.payoutFailure ? (
        <Alert
          className="treatment-detail__note"
          type="error"
          showIcon
          data-testid="payout-failure"
          message={payoutFailureText(d.payoutFailure)}
        />
      ) : null}
      {d.dueFen < 0 ? (
        <Alert
          className="treatment-detail__note"
          type="warning"
          showIcon
          message={`医保结算更正后，已发放金额多于现在的待遇金额 ${money(-d.dueFen)}，将在以后发放的待遇中冲减。`}
        />
      ) : null}

      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered title="医保结算">
        <Descriptions.Item label="结算单号">{s.settlementNo}</Descriptions.Item>
        <Descriptions.Item label="就医类型">{d.kindLabel}</Descriptions.Item>
        <Descriptions.Item label="医院" span={2}>
          {d.hospitalName}（{s.hospitalLevelLabel}）
        </Descriptions.Item>
        <Descriptions.Item label="入院日期">{d.admittedOn}</Descriptions.Item>
        <Descriptions.Item label="出院日期">{d.dischargedOn}</Descriptions.Item>
        <Descriptions.Item label="诊断" span={2}>
          {s.diagnosisName}（{s.diagnosisCode}）
        </Descriptions.Item>
        <Descriptions.Item label="医疗总费用">{money(s.totalFen)}</Descriptions.Item>
        <Descriptions.Item label="政策范围内费用">{money(s.policyFen)}</Descriptions.Item>
        <Descriptions.Item label="统筹基金支付">{money(s.fundFen)}</Descriptions.Item>
        <Descriptions.Item label="政策范围内个人自付">{money(s.selfPolicyFen)}</Descriptions.Item>
        <Descriptions.Item label="政策范围外自费">{money(s.selfExcludedFen)}</Descriptions.Item>
        <Descriptions.Item label="结算日期">
          {s.settledOn}
          {s.reversed ? <Tag className="treatment-detail__tag">已冲销</Tag> : null}
          {s.version > 1 ? <Tag className="treatment-detail__tag">已更正</Tag> : null}
        </Descriptions.Item>
      </Descriptions>

      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered title="计算过程">
        <Descriptions.Item label="参加份数">{c.shares ? `${c.shares} 份` : '未参加本项目'}</Descriptions.Item>
        <Descriptions.Item label="保障起始">{c.coveredFrom ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="年度起付线">{money(c.deductibleFen)}</Descriptions.Item>
        <Descriptions.Item label="年度封顶">{c.capFen === null ? '不封顶' : money(c.capFen)}</Descriptions.Item>
        <Descriptions.Item label="本年度此前已计入">{money(c.cumulativeBeforeFen)}</Descriptions.Item>
        <Descriptions.Item label="本次计入">{money(d.baseFen)}</Descriptions.Item>
      </Descriptions>
      <Table
        className="treatment-detail__bands"
        size="small"
        rowKey="fromFen"
        pagination={false}
        dataSource={c.bands}
        scroll={{ x: 420 }}
        columns={[
          { title: '分段（年度累计计入）', key: 'band', render: (_, b) => band(b) },
          { title: '比例', dataIndex: 'ratioPct', align: 'right', render: (v: number) => `${v}%` },
          { title: '本次计入此段', dataIndex: 'partFen', align: 'right', render: (v: number) => money(v) },
          {
            title: `金额${c.shares > 1 ? `（× ${c.shares} 份）` : ''}`,
            dataIndex: 'amountFen',
            align: 'right',
            render: (v: number) => money(v),
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={3}>
              分段计算结果{c.bandedFen !== d.amountFen ? `（封顶后待遇 ${money(d.amountFen)}）` : ''}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              {money(c.bandedFen)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </section>
  );
}

/** The detail drawer: the settlement's figures and how the amount was computed (the unit's or the person's own call). */
export function TreatmentDrawer({ mode, id, onClose }: { mode: 'unit' | 'personal'; id: string | null; onClose: () => void }) {
  const unit = useTreatmentDetail(mode === 'unit' ? id : null);
  const own = useTreatmentPersonalDetail(mode === 'personal' ? id : null);
  const q = mode === 'unit' ? unit : own;
  return (
    <Drawer title="互助待遇详情" open={id !== null} onClose={onClose} width="min(720px, 100vw)" destroyOnHidden>
      {q.data ? (
        <Body d={q.data} />
      ) : q.isError ? (
        <Alert type="warning" showIcon message="详情加载失败" description={(q.error as Error).message} />
      ) : (
        <Spin />
      )}
    </Drawer>
  );
}
