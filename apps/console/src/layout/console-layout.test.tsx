import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onScreenWidth } from '@hall/client/test/screen.ts';
import { clearConsoleSession } from '../lib/session';
import { useConsoleTags } from '../lib/tags';
import { ok, renderConsole, waiting } from '../test/render';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));

const finance = { loginName: 'ops-finance', name: '财务员', roles: ['finance' as const], mustChangePassword: false };
const reviewer = { loginName: 'ops-review', name: '审核员', roles: ['reviewer' as const], mustChangePassword: false };
const pending = {
  uact: 'newunit01',
  empName: '长沙市新星公司',
  uscc: '91430100MA4L000001',
  kind: 'unit',
  status: 'pending',
  statusLabel: '待审核',
  parentName: '长沙市总工会',
  phone: '138****0001',
  reason: null,
  submittedAt: '2026-11-24T02:00:00.000Z',
  decidedAt: null,
};

beforeEach(() => {
  onScreenWidth(1366);
  requests.call.mockReset().mockImplementation(async (call: { name: string }) => {
    if (call.name === 'opsDashboard') return ok(waiting);
    if (call.name === 'opsRegistrationList') return ok({ list: [pending] });
    if (call.name === 'opsRegistrationApprove') return ok({ uact: 'newunit01' });
    if (call.name === 'opsRegistrationReject') return ok({ uact: 'newunit01' });
    throw new Error(`unexpected ${call.name}`);
  });
});

const menu = async () => within(await screen.findByTestId('console-menu'));

describe("the layout by the operator's roles", () => {
  it('finance: no 单位注册审核 in the menu, and the page itself says 无权访问 without calling', async () => {
    renderConsole('/registrations', finance);
    expect((await menu()).getByText('工作台')).toBeTruthy();
    expect((await menu()).queryByText('单位注册审核')).toBeNull();
    expect((await screen.findByTestId('console-403')).textContent).toContain('无权访问');
    expect(screen.getByTestId('console-operator').textContent).toContain('财务员');
    expect(screen.getByTestId('console-operator').textContent).toContain('财务');
    expect(requests.call.mock.calls.some(([call]) => call.name === 'opsRegistrationList')).toBe(false);
  });

  it('reviewer: the workbench links into the queue, where 审核通过 asks first and then calls', async () => {
    const user = userEvent.setup();
    renderConsole('/', reviewer);
    const queue = within(await screen.findByTestId('queue-registrations'));
    expect(queue.getByText('最早已等待', { exact: false })).toBeTruthy();
    await user.click(queue.getByText('进入处理'));
    await user.click(await screen.findByTestId('approve-newunit01'));
    expect(requests.call.mock.calls.some(([call]) => call.name === 'opsRegistrationApprove')).toBe(false);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '审核通过' }));
    await waitFor(() =>
      expect(requests.call).toHaveBeenCalledWith(expect.objectContaining({ name: 'opsRegistrationApprove' }), { uact: 'newunit01' }),
    );
  });

  it('reviewer: 驳回 needs its reason, then sends it with the unit', async () => {
    const user = userEvent.setup();
    renderConsole('/registrations', reviewer);
    await user.click(await screen.findByTestId('reject-newunit01'));
    await user.click(await screen.findByTestId('reason-confirm'));
    expect(await screen.findByText('请输入驳回原因')).toBeTruthy();
    expect(requests.call.mock.calls.some(([call]) => call.name === 'opsRegistrationReject')).toBe(false);
    await user.type(screen.getByTestId('reason-text'), '  营业执照不清晰 ');
    await user.click(screen.getByTestId('reason-confirm'));
    await waitFor(() =>
      expect(requests.call).toHaveBeenCalledWith(expect.objectContaining({ name: 'opsRegistrationReject' }), {
        uact: 'newunit01',
        reason: '营业执照不清晰',
      }),
    );
  });

  it("an unknown console path shows the console's own 404 inside the layout", async () => {
    renderConsole('/nothing/here', reviewer);
    expect((await screen.findByTestId('console-404')).textContent).toContain('页面不存在');
    expect(screen.getByTestId('console-breadcrumb')).toBeTruthy();
  });

  it("the server's answer of /me wins over the stored operator: a reset password shows only the change", async () => {
    requests.call.mockImplementation(async (call: { name: string }) => {
      if (call.name === 'opsMe') return ok({ ...reviewer, mustChangePassword: true });
      if (call.name === 'opsDashboard') return ok(waiting);
      throw new Error(`unexpected ${call.name}`);
    });
    renderConsole('/', reviewer);
    expect(await screen.findByRole('heading', { name: '修改初始密码' })).toBeTruthy();
    expect(screen.queryByTestId('console-menu')).toBeNull();
  });

  it('a visitor without a session goes to the login', async () => {
    const router = renderConsole('/registrations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('the tags of the open pages (the portal’s tag bar, the console’s own keys)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useConsoleTags.getState().reset();
  });
  const tags = () => screen.getAllByTestId('tag').map((tag) => [tag.textContent, tag.getAttribute('data-path')]);

  it('工作台 pinned, each page entered a tag; closing the shown one goes back to the last one left', async () => {
    const user = userEvent.setup();
    const router = renderConsole('/', reviewer);
    await user.click((await menu()).getByText('单位注册审核'));
    await waitFor(() =>
      expect(tags()).toEqual([
        ['工作台', '/'],
        ['单位注册审核', '/registrations'],
      ]),
    );
    expect(within(screen.getAllByTestId('tag')[0]).queryByTestId('tag-close')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('hall-console-tags') ?? '{}').state.visitedViews).toHaveLength(2);
    expect(sessionStorage.getItem('hall-tags')).toBeNull();
    await user.click(within(screen.getAllByTestId('tag')[1]).getByTestId('tag-close'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(tags()).toEqual([['工作台', '/']]);
  });

  it('a page opened by its address is a tag beside the pinned 工作台; signing out empties the bar for the next operator', async () => {
    requests.call.mockImplementation(async () => ok({ list: [] }));
    renderConsole('/transfers', { ...reviewer, loginName: 'ops-audit', roles: ['auditor' as const] });
    await waitFor(() =>
      expect(tags()).toEqual([
        ['工作台', '/'],
        ['关系转移', '/transfers'],
      ]),
    );
    clearConsoleSession();
    expect(useConsoleTags.getState().visitedViews).toEqual([]);
  });
});
