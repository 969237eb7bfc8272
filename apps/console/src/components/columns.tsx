import type { ReactNode } from 'react';
import type { Breakpoint, TableColumnType } from 'antd';
import { chinaMinute } from '@hall/shared/china-time.ts';
import { Money } from './Money';

/*
 * The column blocks the console's tables share, so that a person, an amount, a time, a state and
 * the row's buttons look and fit the same on every page (docs/architecture.md, console kit). ID
 * numbers arrive masked from the server; these only show them.
 */

type Column<R> = TableColumnType<R>;

interface PersonShape<R> {
  /** The name's field (personName) and heading (职工). */
  nameKey?: keyof R & string;
  nameTitle?: string;
  /** The ID column's heading (身份证号) and the breakpoint from which it shows (lg). */
  idTitle?: string;
  from?: Breakpoint;
}

/** The person of a row: the name and the masked ID number (certNo). */
export const personColumns = <R extends { certNo: string }>({
  nameKey = 'personName' as keyof R & string,
  nameTitle = '职工',
  idTitle = '身份证号',
  from = 'lg',
}: PersonShape<R> = {}): Column<R>[] => [
  { title: nameTitle, dataIndex: nameKey, width: 90 },
  { title: idTitle, dataIndex: 'certNo', width: 170, responsive: [from] },
];

/** An amount in fen as ¥ yuan, right-aligned. */
export const moneyColumn = <R,>(title: string, dataIndex: keyof R & string, width = 130): Column<R> => ({
  title,
  dataIndex,
  width,
  align: 'right',
  render: (fen: number) => <Money fen={fen} />,
});

/** A time in China minutes (— when there is none). */
export const timeColumn = <R,>(title: string, dataIndex: keyof R & string, more: Partial<Column<R>> = {}): Column<R> => ({
  title,
  dataIndex,
  width: 150,
  render: (at: string | null) => chinaMinute(at) ?? '—',
  ...more,
});

/** 状态, as the page's state tag draws it. */
export const stateColumn = <R,>(tag: (row: R) => ReactNode, width = 100): Column<R> => ({
  title: '状态',
  key: 'state',
  width,
  render: (_: unknown, row) => tag(row),
});

/** 操作: the row's buttons, pinned right from md up (on a phone the table scrolls sideways with it). */
export const actionColumn = <R,>(pinned: boolean, buttons: (row: R) => ReactNode, width = 80): Column<R> => ({
  title: '操作',
  key: 'actions',
  width,
  fixed: pinned ? 'right' : undefined,
  render: (_: unknown, row) => buttons(row),
});
