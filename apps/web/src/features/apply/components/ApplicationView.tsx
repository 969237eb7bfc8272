import type { ReactNode } from 'react';
import { Alert, Descriptions, Input, Table, Timeline } from 'antd';
import type { ApplicationDetail, ApplicationLine } from '@hall/shared/contracts/enrolment.ts';
import { LoadFailed } from '../../../components/LoadFailed';
import { formatDateTime } from '../../../lib/format';
import { GENDER_LABELS, money, StateTag } from './labels';
import { listPaging } from '../../../lib/pagination';

interface Props {
  detail: ApplicationDetail;
  loading?: boolean;
  onLinePage(pageNum: number, pageSize: number): void;
  onKeyword(keyword: string): void;
  /** Line selection (draft or returned applications of the unit). */
  selectedLines?: number[];
  onSelectLines?(ids: number[]): void;
  /** Buttons above the lines (add, import, remove). */
  lineActions?: ReactNode;
}

const ACTORS: Record<string, string> = { unit: '单位', union: '工会', operator: '市总工会', system: '系统' };

/**
 * One application as the unit and the union see it: the return reason first when it was
 * returned, the header, totals per product, the lines (paged, ID numbers masked) and the history.
 */
/**
 * A drawer's body over an application's detail query: 加载失败 with 重新加载 when it failed with
 * nothing to show, 正在加载… until the opened one is there, then the view.
 */
export function ApplicationBody({
  query,
  data,
  ...view
}: { query: { isError: boolean; isFetching: boolean; refetch(): unknown }; data?: ApplicationDetail } & Omit<Props, 'detail' | 'loading'>) {
  if (query.isError && !data) return <LoadFailed title="申请详情加载失败" retry={() => void query.refetch()} />;
  if (!data) return <div className="apply-loading">正在加载…</div>;
  return <ApplicationView detail={data} loading={query.isFetching} {...view} />;
}

export function ApplicationView({ detail, loading, onLinePage, onKeyword, selectedLines, onSelectLines, lineActions }: Props) {
  const a = detail.application;
  return (
    <div className="apply-view" data-testid="application-view">
      {a.state === 'returned' && a.reason ? (
        <Alert
          type="error"
          showIcon
          className="apply-view__reason"
          title={`已退回：${a.reason}`}
          description="请按退回原因修改人员明细后重新提交。"
          data-testid="return-reason"
        />
      ) : null}
      {a.state === 'cancelled' && a.reason ? (
        <Alert type="info" showIcon className="apply-view__reason" title={`撤销说明：${a.reason}`} />
      ) : null}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          { key: 'no', label: '申请编号', children: a.no },
          { key: 'state', label: '状态', children: <StateTag state={a.state} label={a.stateLabel} /> },
          { key: 'period', label: '互助期', children: a.periodName },
          { key: 'kind', label: '申请类型', children: a.kindLabel },
          { key: 'unit', label: '申请单位', children: a.unitName },
          { key: 'review', label: '审核单位', children: a.reviewUnitName ?? '无需审核' },
          { key: 'headcount', label: '参加人数', children: `${a.headcount} 人` },
          { key: 'amount', label: '应缴金额', children: <strong>{money(a.amountFen)}</strong> },
          { key: 'deadline', label: '缴费截止日期', children: a.payDeadline },
          { key: 'created', label: '创建时间', children: formatDateTime(a.createdAt) },
          { key: 'submitted', label: '提交时间', children: formatDateTime(a.submittedAt) || '—' },
          { key: 'reviewed', label: '审核时间', children: formatDateTime(a.reviewedAt) || '—' },
        ]}
      />

      <h3 className="apply-view__head">分项合计</h3>
      <Table
        size="small"
        rowKey="code"
        pagination={false}
        dataSource={detail.products}
        locale={{ emptyText: '尚未添加人员' }}
        columns={[
          { title: '互助项目', dataIndex: 'name', render: (name: string, p) => `${p.code} ${name}` },
          { title: '人数', dataIndex: 'headcount', align: 'right' },
          { title: '份数', dataIndex: 'shares', align: 'right' },
          { title: '金额', dataIndex: 'amountFen', align: 'right', render: money },
        ]}
        summary={() =>
          detail.products.length > 1 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {a.headcount}（人）
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} />
              <Table.Summary.Cell index={3} align="right">
                {money(a.amountFen)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />

      <div className="apply-view__lines-bar">
        <h3 className="apply-view__head">人员明细（{detail.lines.totlCnt} 条）</h3>
        <div className="apply-view__actions">
          <Input.Search
            placeholder="姓名或身份证号码"
            allowClear
            maxLength={30}
            onSearch={(v) => onKeyword(v.trim())}
            style={{ width: 200 }}
          />
          {lineActions}
        </div>
      </div>
      <Table<ApplicationLine>
        size="small"
        rowKey="id"
        loading={loading}
        dataSource={detail.lines.list}
        scroll={{ x: 640 }}
        locale={{ emptyText: '暂无人员明细' }}
        rowSelection={
          onSelectLines ? { selectedRowKeys: selectedLines ?? [], onChange: (keys) => onSelectLines(keys as number[]) } : undefined
        }
        pagination={listPaging(detail.lines, detail.lines, onLinePage)}
        columns={[
          { title: '姓名', dataIndex: 'personName' },
          { title: '身份证号码', dataIndex: 'certNo' },
          { title: '性别', dataIndex: 'gender', render: (g: string | null) => GENDER_LABELS[g ?? ''] ?? '' },
          { title: '互助项目', dataIndex: 'productName' },
          { title: '份数', dataIndex: 'shares', align: 'right' },
          { title: '金额', dataIndex: 'amountFen', align: 'right', render: money },
        ]}
      />

      <h3 className="apply-view__head">办理记录</h3>
      <Timeline
        data-testid="application-history"
        items={detail.events.map((e, i) => ({
          key: i,
          color: e.toState === 'returned' || e.toState === 'cancelled' ? 'red' : e.toState === 'unpaid' ? 'green' : 'blue',
          title: formatDateTime(e.at),
          content: (
            <div>
              <div>
                {ACTORS[e.actorKind]} {e.actorName}：{e.fromLabel ? `${e.fromLabel} → ` : ''}
                {e.toLabel}
              </div>
              {e.note ? <div className="apply-view__note">{e.note}</div> : null}
            </div>
          ),
        }))}
      />
    </div>
  );
}
