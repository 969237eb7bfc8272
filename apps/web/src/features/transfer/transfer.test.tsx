import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { personalSession, renderInShell, unitSession } from '../../test/render';
import type { Session } from '../../lib/storage';
import DifferentPlacePage from './DifferentPlacePage';
import TransferIntoPage from './TransferIntoPage';
import TransferOutPage from './TransferOutPage';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));

/** 长沙市路桥公司分会 (fhgh93102): a branch of the 93 union whose authorization was released. */
const releasedBranch: Session = {
  loginType: 'unit',
  unit: { uact: 'fhgh93102', psnName: '长沙市路桥公司分会', uactLevel: 2, uniType: '93' },
};

const transfer = (over: Record<string, unknown> = {}) => ({
  id: 5,
  personName: '张伟',
  certNo: '4301**********0011',
  fromUnitName: '长沙市路桥公司分会',
  toUnitName: '长沙市建工集团分会',
  toUscc: '81430100MA4L1030FP',
  transferDate: '2026-11-20',
  periodYear: 2026,
  state: 'waiting_into',
  stateLabel: '待转入确认',
  reason: null,
  returnReason: null,
  createdAt: '2026-11-20T01:00:00.000Z',
  canCancel: true,
  canReceive: true,
  ...over,
});

const page = (list: unknown[]) => ({ list, totlCnt: list.length, pageNum: 1, pageSize: 10 });

let readOnly: boolean;
let answers: Record<string, (payload: unknown) => unknown>;
beforeEach(() => {
  readOnly = false;
  answers = {
    userInfo: () => ({ name: '长沙市路桥公司分会', ...(readOnly ? { readOnly: true } : {}) }),
    transferStaffOptions: () => ({ list: [{ staffId: 31, name: '张伟', certNo: '4301**********0011' }] }),
    transferUnitSearch: () => ({ list: [{ empName: '长沙市建工集团分会', uscc: '81430100MA4L1030FP', insured: true }] }),
    transferList: () => page([transfer()]),
    transferOutApply: () => transfer(),
    filingStaffOptions: () => ({ list: [{ staffId: 31, name: '张伟', certNo: '4301**********0011' }] }),
    filingList: () => page([]),
  };
  requests.call.mockReset().mockImplementation(async (call: { name: string }, payload: unknown) => {
    const answer = answers[call.name];
    if (!answer) throw new Error(`unexpected call ${call.name}`);
    return { code: 0, data: answer(payload) };
  });
});

const callsOf = (name: string) => requests.call.mock.calls.filter(([c]) => (c as { name: string }).name === name).map(([, p]) => p);
const pick = async (testId: string, title: string) => {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(title));
};
const errorsOf = (form: HTMLElement) => [...form.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

describe('a released branch (已解除授权) reads its transfer pages only (issue 17)', () => {
  beforeEach(() => {
    readOnly = true;
  });

  it('关系转出: the notice, the form and its submit disabled, no 撤销 in the list', async () => {
    renderInShell(<TransferOutPage />, { path: '/transfer/relationship-out-apply-register', session: releasedBranch });
    expect((await screen.findByTestId('read-only-banner')).textContent).toContain('已解除授权：本单位业务由上级工会代为办理');
    const form = screen.getByTestId('transfer-out-form');
    expect((screen.getByTestId('transfer-out-submit') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('transfer-unit-keyword') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('transfer-unit-search') as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(form)
        .getAllByRole('combobox')
        .every((c) => (c as HTMLInputElement).disabled),
    ).toBe(true);
    const table = screen.getByTestId('transfer-table-out');
    expect(await within(table).findByText('张伟')).toBeTruthy();
    expect(within(table).queryByText('操作')).toBeNull();
    expect(screen.queryByTestId('transfer-cancel-5')).toBeNull();
    fireEvent.submit(form);
    expect(callsOf('transferOutApply')).toEqual([]);
  });

  it('关系转入: the notice, no 确认接收 or 退回', async () => {
    renderInShell(<TransferIntoPage />, { path: '/transfer/relationship-into-apply-register', session: releasedBranch });
    expect(await screen.findByTestId('read-only-banner')).toBeTruthy();
    const table = screen.getByTestId('transfer-table-into');
    expect(await within(table).findByText('张伟')).toBeTruthy();
    expect(screen.queryByTestId('transfer-receive-5')).toBeNull();
    expect(within(table).queryByRole('button', { name: '退回' })).toBeNull();
  });

  it('异地就医备案: the notice, the form and its submit disabled; the record query still works', async () => {
    renderInShell(<DifferentPlacePage />, { path: '/transfer/different-place-register', session: releasedBranch });
    expect(await screen.findByTestId('read-only-banner')).toBeTruthy();
    expect((screen.getByTestId('filing-submit') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('filing-hospital') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /查\s*询/ }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('transfer pages of an authorized unit', () => {
  it('关系转出 and 异地就医备案 are live, without the notice', async () => {
    renderInShell(<TransferOutPage />, { path: '/transfer/relationship-out-apply-register', session: unitSession });
    expect(await within(screen.getByTestId('transfer-table-out')).findByTestId('transfer-cancel-5')).toBeTruthy();
    expect(screen.queryByTestId('read-only-banner')).toBeNull();
    expect((screen.getByTestId('transfer-out-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('a worker files 异地就医备案 for themself (no notice)', async () => {
    renderInShell(<DifferentPlacePage />, { path: '/transfer/different-place-register', session: personalSession });
    expect(await screen.findByTestId('filing-table')).toBeTruthy();
    expect(screen.queryByTestId('read-only-banner')).toBeNull();
    expect((screen.getByTestId('filing-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('关系转出 submitted: the form is empty again, without a required-field error (issue 17)', async () => {
    renderInShell(<TransferOutPage />, { path: '/transfer/relationship-out-apply-register', session: unitSession });
    await pick('transfer-staff', '张伟（4301**********0011）');
    fireEvent.change(screen.getByTestId('transfer-unit-keyword'), { target: { value: '81430100MA4L1030FP' } });
    fireEvent.click(screen.getByTestId('transfer-unit-search'));
    await waitFor(() => expect(screen.getByTestId('transfer-unit').textContent).toContain('长沙市建工集团分会'));
    const date = screen.getByTestId('transfer-date') as HTMLInputElement;
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: '2026-11-20' } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter' });
    fireEvent.blur(date);
    fireEvent.click(screen.getByTestId('transfer-out-submit'));
    await waitFor(() =>
      expect(callsOf('transferOutApply')).toEqual([{ staffId: 31, toUscc: '81430100MA4L1030FP', transferDate: '2026-11-20' }]),
    );
    expect(await screen.findByText('关系转出申请已提交，待转入单位确认')).toBeTruthy();
    const form = screen.getByTestId('transfer-out-form');
    await waitFor(() => expect((screen.getByTestId('transfer-out-submit') as HTMLButtonElement).className).not.toContain('loading'));
    expect(errorsOf(form)).toEqual([]);
    expect(form.querySelectorAll('.ant-form-item-has-error')).toHaveLength(0);
    expect((screen.getByTestId('transfer-unit-keyword') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('transfer-date') as HTMLInputElement).value).toBe('');
  });
});
