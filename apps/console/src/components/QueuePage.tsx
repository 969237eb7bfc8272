import type { ReactNode } from 'react';
import { Segmented } from 'antd';
import { useSearchParams } from 'react-router';
import { LoadFailed } from './LoadFailed';

/** The state (or status) a queue shows and the record open in its drawer, both in the URL. */
export interface QueueView<S extends string> {
  state: S;
  /** ?open=…: an id, or what the page opens by (a claim's number). */
  open: string | null;
  show(next: { state?: S; open?: string | number | null }): void;
}

/**
 * A queue page's place in the URL (?<param>=…&open=<id>, so the search box and a pasted link land
 * on a record): the waiting state is the default and leaves the URL without it; a new state closes
 * the open record.
 */
export function useQueueView<S extends string>(states: readonly { value: S }[], waiting: S, param = 'state'): QueueView<S> {
  const [params, setParams] = useSearchParams();
  const raw = params.get(param);
  const state = states.find((option) => option.value === raw)?.value ?? waiting;
  const open = params.get('open') || null;
  const show: QueueView<S>['show'] = (next) => {
    const nextState = next.state ?? state;
    const nextOpen = next.state !== undefined && next.open === undefined ? null : next.open === undefined ? open : next.open;
    const search: Record<string, string> = {};
    if (nextState !== waiting) search[param] = nextState;
    if (nextOpen !== null && nextOpen !== '') search.open = String(nextOpen);
    setParams(search, { replace: true });
  };
  return { state, open, show };
}

interface Props<S extends string> {
  /** The page's heading (补助审核); `testId` names its heading, its state switch and the rest. */
  title: string;
  testId: string;
  states: readonly { value: S; label: string }[];
  view: QueueView<S>;
  /** The state switch's test id (`${testId}-state`). */
  switchTestId?: string;
  /** What the list holds, for its load failure (补助申请加载失败). */
  what: string;
  list: { data?: unknown; isError: boolean; error: Error | null; refetch(): unknown };
  /** The table of the state's records. */
  table: ReactNode;
  /** The drawer and the dialogs. */
  children?: ReactNode;
}

/** The frame of a reviewer's queue page: heading, the states, the list (or why it did not load), the drawer and dialogs. */
export function QueuePage<S extends string>(props: Props<S>) {
  const { title, testId, states, view, switchTestId = `${testId}-state`, what, list, table, children } = props;
  return (
    <section className="console-panel" aria-labelledby={`${testId}-title`}>
      <h2 id={`${testId}-title`} className="page-title">
        {title}
      </h2>
      <div className="list-toolbar">
        <Segmented
          options={states.map(({ value, label }) => ({ value, label }))}
          value={view.state}
          onChange={(value) => view.show({ state: value as S })}
          data-testid={switchTestId}
        />
      </div>
      {list.isError && !list.data ? (
        <LoadFailed what={what} error={list.error ?? new Error('加载失败')} onRetry={() => void list.refetch()} />
      ) : (
        table
      )}
      {children}
    </section>
  );
}
