import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { onScreenWidth } from '@hall/client/test/screen.ts';
import { ok, renderConsole, waiting } from '../../test/render';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));

const reviewer = { loginName: 'ops-review', name: '审核员', roles: ['reviewer' as const], mustChangePassword: false };
const finance = { loginName: 'ops-finance', name: '财务员', roles: ['finance' as const], mustChangePassword: false };
const financeQueues = {
  ...waiting,
  queues: [
    { key: 'treatmentPayouts', label: '待遇待发放', role: 'finance', count: 4, oldestAt: '2026-11-20T02:00:00.000Z', oldestDays: 7 },
    // A reviewer's queue: its page is not open to finance (a fixture to show the plain text).
    { key: 'filings', label: '异地就医备案', role: 'reviewer', count: 2, oldestAt: '2026-11-25T02:00:00.000Z', oldestDays: 2 },
  ],
  figures: { registrations: 2, applications: 3, payments: 5, claims: 7, payouts: 11 },
};

beforeEach(() => {
  onScreenWidth(1366);
  requests.call.mockReset();
});

describe('工作台', () => {
  it("shows the server's queues with the oldest wait, linking each to its page when the table has it", async () => {
    requests.call.mockImplementation(async (call: { name: string }) => {
      if (call.name === 'opsDashboard') return ok(waiting);
      throw new Error(`unexpected ${call.name}`);
    });
    renderConsole('/', reviewer);
    const registrations = within(await screen.findByTestId('queue-registrations'));
    expect(registrations.getByText('单位注册审核')).toBeTruthy();
    expect(registrations.getByText('最早已等待', { exact: false })).toBeTruthy();
    expect(registrations.getByRole('link', { name: '进入处理' }).getAttribute('href')).toBe('/registrations');
    expect(within(screen.getByTestId('queue-claims')).getByText('没有等待的事项')).toBeTruthy();
  });

  it("a queue whose page is not open to the operator is plain text; today's figures follow", async () => {
    requests.call.mockImplementation(async (call: { name: string }) => {
      if (call.name === 'opsDashboard') return ok(financeQueues);
      throw new Error(`unexpected ${call.name}`);
    });
    renderConsole('/', finance);
    const payouts = within(await screen.findByTestId('queue-treatmentPayouts'));
    expect(payouts.getByRole('link', { name: '进入处理' }).getAttribute('href')).toBe('/payouts');
    expect(payouts.getByText('4')).toBeTruthy();
    const filings = within(screen.getByTestId('queue-filings'));
    expect(filings.queryByRole('link')).toBeNull();
    expect(filings.getByText('2')).toBeTruthy();
    const figures = within(screen.getByTestId('workbench-figures'));
    expect(figures.getByText('补助申请')).toBeTruthy();
    expect(figures.getByText('11')).toBeTruthy();
  });
});
