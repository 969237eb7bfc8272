import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderInShell } from '../../../test/render';
import { onScreenWidth } from '../../../test/screen';
import type { ClaimItem } from '../api/claim-list';
import { ClaimTable } from './ClaimTable';

/* The claim list's columns by screen width (components/table-layout.ts: within 1,056 px at 1366). */

const claim = {
  id: 7,
  claimNo: 'BZ2026000007',
  type: 'hospital_allowance',
  typeLabel: '住院生活补助',
  state: 'unit_review',
  stateLabel: '单位审核',
  filedBy: 'personal',
  personName: '王芳',
  certNo: '4301**********0044',
  unitName: '长沙市建工集团分会',
  periodYear: 2026,
  admittedOn: '2026-10-26',
  dischargedOn: '2026-10-31',
  hospitalName: '湖南省人民医院',
  diagnosisName: '肺炎',
  days: 5,
  amountFen: 25_000,
  reason: null,
  payoutFailure: null,
  createdAt: '2026-11-03T01:00:00.000Z',
  submittedAt: '2026-11-03T01:00:00.000Z',
  decidedAt: null,
  paidAt: null,
} as ClaimItem;

const headings = () =>
  within(screen.getByTestId('claims'))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

const show = () =>
  renderInShell(<ClaimTable rows={[claim]} loading={false} pagination={false} onOpen={() => {}} empty="无" testId="claims" />);

describe('ClaimTable', () => {
  it('at 1366 px: number, person with ID number, type, amount, state, date and 操作', () => {
    onScreenWidth(1366);
    show();
    expect(headings()).toEqual(['申请号', '姓名', '身份证号码', '补助类型', '金额', '状态', '申请日期', '操作']);
  });

  it('from 1600 px the stay and the year, from 1920 px who filed', () => {
    onScreenWidth(1920);
    show();
    expect(headings()).toEqual([
      '申请号',
      '姓名',
      '身份证号码',
      '补助类型',
      '年度',
      '住院',
      '金额',
      '状态',
      '申请方式',
      '申请日期',
      '操作',
    ]);
  });

  it('on a phone the date is left to the detail', () => {
    onScreenWidth(390);
    show();
    expect(headings()).toEqual(['申请号', '姓名', '身份证号码', '补助类型', '金额', '状态', '操作']);
  });
});
