import { type ReactNode, useState } from 'react';
import { App, Button, Descriptions, Drawer, Grid, Space, Spin, type TableColumnsType } from 'antd';
import { actionColumn, stateColumn } from './columns';
import { EventTimeline, type HistoryEvent } from './EventTimeline';
import { LoadFailed } from './LoadFailed';
import { QueuePage, useQueueView } from './QueuePage';
import { QueueTable } from './QueueTable';
import { ReasonDialog } from './ReasonDialog';
import { StatusTag } from './StatusTag';

export interface QueueRecord {
  id: number;
  state: string;
  stateLabel: string;
}

export interface QueueState<S extends string> {
  value: S;
  label: string;
  color: string;
}

interface Loaded<T> {
  data?: T;
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  refetch(): unknown;
}

interface Props<R extends QueueRecord, S extends string> {
  /** The page's title, also the words of its messages (关系转移). */
  title: string;
  testId: string;
  states: readonly QueueState<S>[];
  /** The state that waits for the reviewer (the default, and the one with the decisions). */
  waitingState: S;
  useRows(state: S): Loaded<R[]>;
  /** The open record with its history (its detail call): also opens a record the list does not show. */
  useDetail(id: number | null): Loaded<R & { history: readonly HistoryEvent[] }>;
  columns: TableColumnsType<R>;
  /** The drawer's facts of a record. */
  facts(row: R): Array<{ label: string; value: ReactNode }>;
  /** What the confirmation says will follow. */
  confirmText(row: R): string;
  mayDecide: boolean;
  onConfirm(row: R): Promise<unknown>;
  onReturn(row: R, reason: string): Promise<unknown>;
  pending: boolean;
}

/**
 * A reviewer's queue whose records arrive whole in the list (关系转移, 异地就医备案): the list by
 * state and the open record in the URL (?state=…&open=<id>), the drawer with its facts and its
 * 办理记录 (the detail call), 确认 after a confirmation and 退回 with its reason. The auditor reads
 * it without the decisions.
 */
export function RecordQueue<R extends QueueRecord, S extends string>(props: Props<R, S>) {
  const { title, testId, states, waitingState, useRows, useDetail, columns, facts, confirmText, mayDecide, onConfirm, onReturn, pending } =
    props;
  const { modal } = App.useApp();
  const screens = Grid.useBreakpoint();
  const view = useQueueView(states, waitingState);
  const openId = Number(view.open) || null;
  const list = useRows(view.state);
  const detail = useDetail(openId);
  const open = detail.data ?? list.data?.find((row) => row.id === openId) ?? null;
  const [returning, setReturning] = useState<R | null>(null);
  const colorOf = (row: R) => states.find((option) => option.value === row.state)?.color ?? 'default';

  const show = view.show;
  const confirm = (row: R) =>
    modal.confirm({
      title: `确认${title}：${(row as unknown as { personName?: string }).personName ?? row.id}`,
      content: confirmText(row),
      okText: '确认',
      cancelText: '取消',
      onOk: () => onConfirm(row).then(() => show({ open: null })),
    });
  const decidable = mayDecide && open?.state === waitingState;

  const allColumns: TableColumnsType<R> = [
    ...columns,
    stateColumn<R>((row) => <StatusTag color={colorOf(row)}>{row.stateLabel}</StatusTag>),
    actionColumn<R>(Boolean(screens.md), (row) => (
      <Button type="link" size="small" onClick={() => show({ open: row.id })} data-testid={`view-${testId}-${row.id}`}>
        {mayDecide && row.state === waitingState ? '审核' : '查看'}
      </Button>
    )),
  ];

  return (
    <QueuePage
      title={title}
      testId={testId}
      states={states}
      view={view}
      what={title}
      list={list}
      table={
        <QueueTable<R>
          rowKey="id"
          columns={allColumns}
          dataSource={list.data ?? []}
          loading={list.isFetching}
          empty="暂无数据"
          testId={`${testId}-table`}
        />
      }
    >
      <Drawer
        open={open !== null}
        onClose={() => show({ open: null })}
        title={`${title}详情`}
        size={screens.md ? 560 : '100%'}
        data-testid={`${testId}-drawer`}
        footer={
          decidable && open ? (
            <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
              <Button danger onClick={() => setReturning(open)} data-testid={`${testId}-return`}>
                退回
              </Button>
              <Button type="primary" onClick={() => confirm(open)} loading={pending} data-testid={`${testId}-confirm`}>
                确认
              </Button>
            </Space>
          ) : null
        }
      >
        {open ? (
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 120, whiteSpace: 'nowrap' } }}>
            {facts(open).map((fact) => (
              <Descriptions.Item key={fact.label} label={fact.label}>
                {fact.value}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label="状态">
              <StatusTag color={colorOf(open)}>{open.stateLabel}</StatusTag>
            </Descriptions.Item>
          </Descriptions>
        ) : null}
        {openId ? (
          <>
            <h3 className="record-queue__title">办理记录</h3>
            {detail.data ? (
              <EventTimeline events={detail.data.history} />
            ) : detail.isError ? (
              <LoadFailed what="办理记录" error={detail.error ?? new Error('加载失败')} onRetry={() => void detail.refetch()} />
            ) : (
              <Spin />
            )}
          </>
        ) : null}
      </Drawer>
      <ReasonDialog
        title={returning ? `退回${title}` : null}
        label="退回原因"
        extra="申请人将看到此原因"
        okText="确认退回"
        danger
        pending={pending}
        onCancel={() => setReturning(null)}
        onSubmit={(reason) =>
          onReturn(returning as R, reason).then(() => {
            setReturning(null);
            show({ open: null });
          })
        }
      />
    </QueuePage>
  );
}
