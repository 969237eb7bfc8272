import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onScreenWidth } from '@hall/client/test/screen.ts';
import { ok, renderConsole } from '../../test/render';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));

const admin = { loginName: 'ops-admin', name: '管理员', roles: ['admin' as const], mustChangePassword: false };
const auditor = { loginName: 'ops-audit', name: '审计员', roles: ['auditor' as const], mustChangePassword: false };
const LOCKED = '2099-01-01T00:00:00.000Z';
const state = (accountId: number, lockedUntil: string | null = null) => ({ accountId, status: 'active', lockedUntil });
const union92 = {
  unitId: 1,
  uact: 'lhgh92001',
  name: '长沙市高新区联合基层工会',
  uniType: '92',
  regionCode: '430100',
  units: 2,
  ...state(11),
};
const union99 = {
  unitId: 3,
  uact: 'dlgh99001',
  name: '长沙市第一人民医院工会',
  uniType: '99',
  regionCode: '430100',
  units: 0,
  ...state(13),
};
const unit = (unitId: number, uact: string, name: string, notifyState: string, lockedUntil: string | null = null) => ({
  unitId,
  uact,
  name,
  uscc: null,
  authState: null,
  notifyState,
  insured: false,
  ...state(unitId + 10, lockedUntil),
});
const detail = {
  account: {
    ...state(15, LOCKED),
    loginType: 'unit',
    login: 'qydw92102',
    name: '长沙市远航物流有限公司',
    roles: [],
    mustChangePassword: false,
    createdAt: '2026-01-05T02:00:00.000Z',
    passwordChangedAt: null,
    lastLoginAt: null,
  },
  unit: {
    uscc: '91430100MA4L1020EX',
    level: 2,
    uniType: null,
    parentName: '长沙市高新区联合基层工会',
    authState: null,
    notifyState: '0',
    insured: false,
  },
  person: null,
  history: [
    { id: 9, at: '2026-11-27T02:10:00.000Z', what: '解除锁定', by: '管理员甲', note: '经办人来电核实' },
    { id: 8, at: '2026-11-27T02:00:00.000Z', what: '登录锁定', by: '未登录用户', note: 'IP 10.0.0.8' },
  ],
};
const worker = {
  personId: 4,
  name: '李华',
  certNo: '4301**********0022',
  phone: '138****0001',
  createdAt: '2026-01-05T02:00:00.000Z',
  ...state(21),
};
const called = (name: string) => requests.call.mock.calls.filter(([call]) => call.name === name);

beforeEach(() => {
  onScreenWidth(1366);
  requests.call.mockReset().mockImplementation(async (call: { name: string }) => {
    if (call.name === 'opsUnionTree') return ok({ list: [union92, union99], next: 3, districts: [{ code: '430104', name: '岳麓区' }] });
    if (call.name === 'opsUnionUnits')
      return ok({
        list: [unit(4, 'qydw92101', '长沙市星辰科技有限公司', '3'), unit(5, 'qydw92102', '长沙市远航物流有限公司', '0', LOCKED)],
        next: null,
      });
    if (call.name === 'opsAccountDetail') return ok(detail);
    if (call.name === 'opsAccountUnlock') return ok(null);
    if (call.name === 'opsPersonAccountList') return ok({ list: [worker], next: 21 });
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('账号管理：单位', () => {
  it('opens on the unions; a union opens onto its units with their notification and account states', async () => {
    const user = userEvent.setup();
    renderConsole('/accounts', admin);
    expect(await screen.findByText('长沙市高新区联合基层工会')).toBeTruthy();
    expect(screen.getByText('联合基层工会')).toBeTruthy();
    // A union without units has nothing to open.
    expect(screen.queryByTestId('expand-dlgh99001')).toBeNull();
    expect(called('opsUnionUnits')).toHaveLength(0);
    await user.click(screen.getByTestId('expand-lhgh92001'));
    const units = await screen.findByTestId('union-units-1');
    const row = (await within(units).findByText('长沙市远航物流有限公司')).closest('tr') as HTMLElement;
    expect(within(row).getByText('未通知')).toBeTruthy();
    expect(within(row).getByText('已锁定')).toBeTruthy();
    expect(within(row).getByText('无')).toBeTruthy();
    expect(called('opsUnionUnits')[0][1]).toEqual({ unionId: 1, after: undefined });
  });

  it('keeps the filters and the page in the URL', async () => {
    const user = userEvent.setup();
    const router = renderConsole('/accounts', admin);
    await user.type(await screen.findByPlaceholderText('工会账号或名称'), '高新区{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=units&name=%E9%AB%98%E6%96%B0%E5%8C%BA'));
    await user.click(screen.getByTestId('unions-next'));
    await waitFor(() => expect(router.state.location.search).toContain('after=3'));
    expect(called('opsUnionTree').at(-1)?.[1]).toEqual({ keyword: '高新区', after: 3 });
  });

  it('filters by the district the server offers, kept in the URL with the other filters', async () => {
    const user = userEvent.setup();
    const router = renderConsole('/accounts?tab=units&uniType=92', admin);
    await screen.findByText('长沙市高新区联合基层工会');
    await user.click(within(screen.getByTestId('union-district')).getByRole('combobox'));
    await user.click(await screen.findByText('岳麓区（430104）'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=units&uniType=92&district=430104'));
    expect(called('opsUnionTree').at(-1)?.[1]).toEqual({ uniType: '92', regionCode: '430104' });
  });
});

describe('账号详情', () => {
  it('shows the unit, its state and its history; 解除锁定 takes a reason and sends it', async () => {
    const user = userEvent.setup();
    renderConsole('/accounts', admin);
    await user.click(await screen.findByTestId('expand-lhgh92001'));
    await user.click(await screen.findByTestId('detail-qydw92102'));
    const drawer = await screen.findByTestId('account-drawer');
    expect(await within(drawer).findByText('经办人来电核实')).toBeTruthy();
    expect(within(drawer).getByText('登录锁定')).toBeTruthy();
    expect(within(drawer).getByText('长沙市高新区联合基层工会')).toBeTruthy();
    expect(called('opsAccountDetail')[0][1]).toEqual({ accountId: 15 });
    // Locked and active: 解除锁定, 重置密码, 停用; not 启用.
    expect(screen.queryByTestId('drawer-enable')).toBeNull();
    await user.click(screen.getByTestId('drawer-unlock'));
    await user.type(await screen.findByTestId('reason-text'), '单位来电');
    await user.click(screen.getByTestId('reason-confirm'));
    await waitFor(() => expect(called('opsAccountUnlock')[0]?.[1]).toEqual({ accountId: 15, reason: '单位来电' }));
    // The detail is asked again after the action.
    await waitFor(() => expect(called('opsAccountDetail').length).toBeGreaterThan(1));
  });

  it('the auditor reads the detail without any action', async () => {
    const user = userEvent.setup();
    renderConsole('/accounts', auditor);
    await user.click(await screen.findByTestId('detail-lhgh92001'));
    expect(await within(await screen.findByTestId('account-drawer')).findByText('经办人来电核实')).toBeTruthy();
    expect(screen.queryByTestId('drawer-unlock')).toBeNull();
    expect(screen.queryByTestId('drawer-disable')).toBeNull();
  });
});

describe('账号管理：个人', () => {
  it('lists workers masked; a keyword and the next page go into the URL', async () => {
    const user = userEvent.setup();
    const router = renderConsole('/accounts?tab=persons', admin);
    expect(await screen.findByText('4301**********0022')).toBeTruthy();
    expect(screen.getByText('138****0001')).toBeTruthy();
    await user.type(screen.getByPlaceholderText('完整的身份证号或姓名'), '李华{Enter}');
    await waitFor(() => expect(called('opsPersonAccountList').at(-1)?.[1]).toEqual({ keyword: '李华' }));
    await user.click(screen.getByTestId('persons-next'));
    await waitFor(() => expect(router.state.location.search).toContain('after=21'));
    expect(called('opsPersonAccountList').at(-1)?.[1]).toEqual({ keyword: '李华', after: 21 });
  });
});
