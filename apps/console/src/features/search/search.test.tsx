import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onScreenWidth } from '@hall/client/test/screen.ts';
import { ok, renderConsole, waiting } from '../../test/render';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));

const reviewer = { loginName: 'ops-review', name: '审核员', roles: ['reviewer' as const], mustChangePassword: false };
const hits = [
  { kind: 'claim', id: 42, title: 'BZ2026000042', subtitle: '赵一 · 市总审核' },
  { kind: 'unit', id: 7, title: '长沙市新星公司', subtitle: 'newunit01 · 基层单位' },
  { kind: 'person', id: 11, title: '赵一', subtitle: '430102********1234' },
];

const callsOf = (name: string) => requests.call.mock.calls.filter(([call]) => call.name === name);

beforeEach(() => {
  onScreenWidth(1366);
  requests.call.mockReset().mockImplementation(async (call: { name: string }) => {
    if (call.name === 'opsDashboard') return ok(waiting);
    if (call.name === 'opsSearch') return ok({ list: hits });
    if (call.name === 'opsClaimList') return ok({ list: [] });
    if (call.name === 'opsClaimDetail') throw new Error('补助申请不存在');
    if (call.name === 'opsPersonUnmask') return ok({ name: '赵一', certNo: '430102199001011234', phone: '13800000001' });
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('the header search', () => {
  it('drops the hits down by kind; a claim opens in 补助审核', async () => {
    const user = userEvent.setup();
    const router = renderConsole('/', reviewer);
    await user.type(await screen.findByTestId('global-search'), '赵一{Enter}');
    await waitFor(() => expect(callsOf('opsSearch').at(-1)?.[1]).toEqual({ keyword: '赵一' }));
    await screen.findByTestId('hit-claim-42');
    // The hits stand under their kind's title in the dropdown (the workbench behind it names 补助申请 too).
    const inDropdown = (text: string) => screen.getAllByText(text).some((el) => el.closest('[class*="dropdown"]'));
    expect(inDropdown('补助申请')).toBe(true);
    expect(inDropdown('职工')).toBe(true);
    await user.click(await screen.findByTestId('hit-claim-42'));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/claims?open=42'));
  });

  it('a person opens in a small drawer; the full ID number only for a reason', async () => {
    const user = userEvent.setup();
    renderConsole('/', reviewer);
    await user.type(await screen.findByTestId('global-search'), '赵一{Enter}');
    await user.click(await screen.findByTestId('hit-person-11'));
    const drawer = within(await screen.findByTestId('hit-drawer'));
    expect(drawer.getByTestId('hit-cert').textContent).toBe('430102********1234');
    await user.click(drawer.getByTestId('hit-unmask'));
    await user.click(await screen.findByTestId('reason-confirm'));
    expect(await screen.findByText('请输入查看原因')).toBeTruthy();
    expect(callsOf('opsPersonUnmask')).toHaveLength(0);
    await user.type(screen.getByTestId('reason-text'), '核对补助申请');
    await user.click(screen.getByTestId('reason-confirm'));
    await waitFor(() => expect(drawer.getByTestId('hit-cert').textContent).toBe('430102199001011234'));
    expect(callsOf('opsPersonUnmask')[0][1]).toEqual({ personId: 11, reason: '核对补助申请' });
  });
});
