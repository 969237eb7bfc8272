import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onScreenWidth } from '@hall/client/test/screen.ts';
import { ok, renderConsole, waiting } from '../../test/render';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));

const reviewer = { loginName: 'ops-review', name: '审核员', roles: ['reviewer' as const], mustChangePassword: false };
const auditor = { loginName: 'ops-audit', name: '审计员', roles: ['auditor' as const], mustChangePassword: false };

const transfer = {
  id: 3,
  personName: '赵一',
  certNo: '430102********1234',
  fromUnitName: '长沙市新星公司',
  toUnitName: '长沙市明日公司',
  toUscc: '91430100MA4L000002',
  transferDate: '2026-11-01',
  periodYear: 2026,
  state: 'reviewing',
  stateLabel: '待审核',
  reason: '调动',
  returnReason: null,
  createdAt: '2026-11-02T02:00:00.000Z',
  fromUact: 'newunit01',
  toUact: 'newunit02',
};
const filing = {
  id: 9,
  personName: '钱二',
  certNo: '430102********5678',
  unitName: '长沙市新星公司',
  regionCode: '110000',
  regionName: '北京市',
  hospitalName: '北京协和医院',
  fromDate: '2026-11-01',
  toDate: '2027-01-31',
  reason: '转诊',
  state: 'submitted',
  stateLabel: '已提交',
  filedBy: 'personal',
  returnReason: null,
  createdAt: '2026-11-02T02:00:00.000Z',
  uact: 'newunit01',
};

const step = (actorName: string, fromLabel: string | null, toLabel: string, note: string | null = null) => ({
  at: '2026-11-02T02:00:00.000Z',
  actorKind: 'unit',
  actorName,
  fromState: null,
  fromLabel,
  toState: 'x',
  toLabel,
  note,
});
const transferHistory = [step('长沙市新星公司', null, '待转入确认'), step('长沙市明日公司', '待转入确认', '待审核')];

const callsOf = (name: string) => requests.call.mock.calls.filter(([call]) => call.name === name);

beforeEach(() => {
  onScreenWidth(1366);
  requests.call.mockReset().mockImplementation(async (call: { name: string }, body?: { state?: string }) => {
    if (call.name === 'opsDashboard') return ok(waiting);
    if (call.name === 'opsTransferList') return ok({ list: body?.state === 'done' ? [] : [transfer] });
    if (call.name === 'opsTransferDetail') return ok({ ...transfer, history: transferHistory });
    if (call.name === 'opsFilingDetail') return ok({ ...filing, history: [step('钱二', null, '已提交')] });
    if (call.name === 'opsTransferConfirm') return ok({ ...transfer, state: 'done' });
    if (call.name === 'opsFilingList') return ok({ list: [filing] });
    if (call.name === 'opsFilingReturn') return ok({ ...filing, state: 'returned' });
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('关系转移 and 异地就医备案', () => {
  it('关系转移: the waiting ones by default; 确认 asks first, naming what follows, then calls', async () => {
    const user = userEvent.setup();
    renderConsole('/transfers', reviewer);
    await user.click(await screen.findByTestId('view-transfer-3'));
    expect(callsOf('opsTransferList')[0][1]).toEqual({ state: 'reviewing' });
    const drawer = within(await screen.findByTestId('transfer-drawer'));
    expect(drawer.getByText('长沙市明日公司（newunit02）')).toBeTruthy();
    await user.click(drawer.getByTestId('transfer-confirm'));
    const content = await screen.findByText(/自 2026-11-01 起转入长沙市明日公司/);
    const dialog = within(content.closest('.ant-modal') as HTMLElement);
    expect(dialog.getAllByText('确认关系转移：赵一').length).toBeGreaterThan(0);
    expect(callsOf('opsTransferConfirm')).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(callsOf('opsTransferConfirm')[0]?.[1]).toEqual({ id: 3 }));
  });

  it("the drawer shows the record's 办理记录 from its detail call, oldest first", async () => {
    renderConsole('/transfers?open=3', reviewer);
    const drawer = within(await screen.findByTestId('transfer-drawer'));
    const timeline = within(await drawer.findByTestId('event-timeline'));
    expect(timeline.getAllByText(/待转入确认|待审核/).map((node) => node.textContent)).toEqual([
      '待转入确认',
      '待审核',
      '（原：待转入确认）',
    ]);
    expect(timeline.getByText(/长沙市明日公司/)).toBeTruthy();
    expect(callsOf('opsTransferDetail')[0][1]).toEqual({ id: 3 });
  });

  it('a record the list does not hold opens from its detail call (a link from elsewhere)', async () => {
    renderConsole('/transfers?state=done&open=3', reviewer);
    const drawer = within(await screen.findByTestId('transfer-drawer'));
    expect(await drawer.findByText('长沙市明日公司（newunit02）')).toBeTruthy();
    expect(callsOf('opsTransferList')[0][1]).toEqual({ state: 'done' });
  });

  it('异地就医备案: 退回 needs its reason, then sends it', async () => {
    const user = userEvent.setup();
    renderConsole('/filings?open=9', reviewer);
    await user.click(await screen.findByTestId('filing-return'));
    await user.click(await screen.findByTestId('reason-confirm'));
    expect(await screen.findByText('请输入退回原因')).toBeTruthy();
    await user.type(screen.getByTestId('reason-text'), '备案期间超过一年');
    await user.click(screen.getByTestId('reason-confirm'));
    await waitFor(() => expect(callsOf('opsFilingReturn')[0]?.[1]).toEqual({ id: 9, reason: '备案期间超过一年' }));
  });

  it('the auditor reads a filing without the decisions', async () => {
    renderConsole('/filings?open=9', auditor);
    expect(await within(await screen.findByTestId('filing-drawer')).findByText('北京协和医院')).toBeTruthy();
    expect(screen.queryByTestId('filing-confirm')).toBeNull();
    expect(screen.queryByTestId('filing-return')).toBeNull();
  });
});
