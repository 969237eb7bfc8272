import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onScreenWidth } from '@hall/client/test/screen.ts';
import { ok, renderConsole } from '../../test/render';

const requests = vi.hoisted(() => ({ call: vi.fn(), http: { post: vi.fn() } }));
vi.mock('../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));

const auditor = { loginName: 'ops-audit', name: '审计员', roles: ['auditor' as const], mustChangePassword: false };
const row = (id: number) => ({
  id,
  at: '2026-11-27T02:05:00.000Z',
  actorKind: 'operator',
  actorKey: 'ops-admin',
  action: 'operator',
  detail: { command: 'account-unlock', login: 'demo01', reason: '来电核实', operatorName: '管理员' },
  ip: '127.0.0.1',
});
const listCalls = () => requests.call.mock.calls.filter(([call]) => call.name === 'opsAuditList').map(([, body]) => body);

beforeEach(() => {
  onScreenWidth(1366);
  requests.call.mockReset().mockImplementation(async (call: { name: string }, body: { before?: number }) => {
    if (call.name === 'opsAuditList') return ok(body.before ? { list: [row(40)], next: null } : { list: [row(90)], next: 41 });
    throw new Error(`unexpected ${call.name}`);
  });
  requests.http.post.mockReset().mockResolvedValue({
    data: new Blob(['PK'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    headers: {},
  });
  URL.createObjectURL = vi.fn(() => 'blob:audit');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('审计日志', () => {
  it('shows the detail as readable text, in China time', async () => {
    renderConsole('/audit', auditor);
    expect(await screen.findByText('操作：解除锁定；账号：demo01；原因：来电核实；操作员：管理员')).toBeTruthy();
    expect(screen.getByText('2026-11-27 10:05')).toBeTruthy();
    expect(screen.getByText('后台操作')).toBeTruthy();
  });

  it('the filters go into the URL and the call; 下一页 asks for the rows before the last one', async () => {
    const user = userEvent.setup();
    const router = renderConsole('/audit', auditor);
    await screen.findByText('后台操作');
    await user.type(screen.getByTestId('audit-actor'), 'ops-admin{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?actor=ops-admin'));
    await waitFor(() => expect(listCalls()).toContainEqual({ actor: 'ops-admin' }));
    await user.click(screen.getByTestId('audit-next'));
    await waitFor(() => expect(listCalls()).toContainEqual({ actor: 'ops-admin', before: 41 }));
    expect(router.state.location.search).toBe('?actor=ops-admin&before=41');
    await waitFor(() => expect(screen.getByTestId('audit-next').hasAttribute('disabled')).toBe(true));
  });

  it('导出Excel downloads the filtered log from the server', async () => {
    const user = userEvent.setup();
    renderConsole('/audit?action=login&from=2026-11-01', auditor);
    await screen.findByText('后台操作');
    await user.click(screen.getByTestId('audit-export'));
    await waitFor(() =>
      expect(requests.http.post).toHaveBeenCalledWith(
        '/ops/api/audit/export',
        { action: 'login', from: '2026-11-01' },
        expect.objectContaining({ responseType: 'blob' }),
      ),
    );
    expect(URL.createObjectURL).toHaveBeenCalled();
  });
});
