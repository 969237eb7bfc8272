import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInShell, unitSession } from '../../test/render';
import type { Session } from '../../lib/storage';
import * as page from './ImproveInfoPage';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));
vi.mock('../../lib/dict', () => ({ useDict: () => ({ entries: [{ value: '10', label: '企业' }], loading: false }) }));
vi.mock('../../components/region-select', () => ({
  RegionSelect: ({ value, onChange }: { value?: string; onChange?(v: string): void }) => (
    <input data-testid="region" value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));

const UNIT = {
  uact: 'xinghuo_01',
  empName: '长沙市星火科技有限公司',
  uscc: '91430104MA4L05911L',
  empAddr: '湖南省长沙市岳麓区麓谷大道 627 号',
  legentName: '陈立',
  legentTel: '13912345678',
  contactName: '',
  contactTel: '',
  regionCode: '',
  empType: '',
  staffCount: null,
  postalCode: '',
  email: '',
  parentUact: 'lhgh92001',
  parentName: '长沙市高新区联合基层工会',
  infoComplete: false,
};

beforeEach(() => {
  requests.call.mockReset().mockImplementation(async (call: { path: string }) => ({
    code: 0,
    data: call.path.endsWith('selectUnitInfo') ? UNIT : { ...UNIT, infoComplete: true },
  }));
});

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const messageOf = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';
const render = (session: Session | null = unitSession) =>
  renderInShell(<page.default />, { path: '/improveInfo', session, routes: [{ path: '/Home', element: <div data-testid="home" /> }] });

describe('/improveInfo', () => {
  it('without a unit session it asks for the login', () => {
    render(null);
    expect(screen.getByTestId('sign-in-required').textContent).toContain('请先登录');
  });

  it('shows the unit, checks the fields and sends nothing while one fails', async () => {
    render();
    expect(await screen.findByText('长沙市星火科技有限公司')).toBeTruthy();
    expect((screen.getByTestId('improve-empAddr') as HTMLInputElement).value).toBe(UNIT.empAddr);
    type('improve-contactTel', '0731-12');
    type('improve-postalCode', '01234');
    type('improve-email', 'hr@');
    fireEvent.click(screen.getByTestId('improve-submit'));
    await waitFor(() => expect(messageOf('improve-contactTel')).toBe('请输入正确的联系电话'));
    expect(messageOf('improve-postalCode')).toBe('请输入正确的邮政编码');
    expect(messageOf('improve-email')).toBe('请输入正确的邮箱地址');
    expect(messageOf('improve-contactName')).toBe('请输入联系人姓名');
    expect(messageOf('improve-staffCount')).toBe('请输入职工人数');
    expect(messageOf('region')).toBe('请选择所属区域');
    expect(requests.call).toHaveBeenCalledTimes(1); // selectUnitInfo only
  });

  it('completes the information and goes to /Home', async () => {
    render();
    await screen.findByText('长沙市星火科技有限公司');
    type('region', '430104');
    type('improve-staffCount', '86');
    type('improve-contactName', '林晓');
    type('improve-contactTel', '0731-88886666');
    fireEvent.mouseDown(screen.getByTestId('improve-empType').querySelector('[role=combobox]')!);
    fireEvent.click(await screen.findByTitle('企业'));
    fireEvent.click(screen.getByTestId('improve-submit'));
    expect(await screen.findByTestId('home')).toBeTruthy();
    expect(requests.call).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/iep-auc/api/registerService/completionRegInfo' }), {
      contactName: '林晓',
      contactTel: '0731-88886666',
      regionCode: '430104',
      empType: '10',
      staffCount: 86,
      empAddr: UNIT.empAddr,
      postalCode: undefined,
      email: undefined,
      uscc: undefined,
      legentName: undefined,
      legentTel: undefined,
    });
  });
});
