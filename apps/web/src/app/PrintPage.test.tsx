import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderInShell } from '../test/render';
import PrintPage from './PrintPage';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../lib/request', () => ({ request: requests }));

beforeEach(() => {
  requests.call.mockReset().mockImplementation(async (call: { name: string }) => {
    if (call.name === 'selectRegUserInfo')
      return {
        code: 0,
        data: {
          empUact: 'newunit01',
          empName: '长沙市新星公司',
          kind: 'unit',
          status: 'pending',
          statusLabel: '待审核',
          reason: null,
          phone: '138****0001',
          submittedAt: '2026-11-20T02:00:00.000Z',
          decidedAt: null,
        },
      };
    if (call.name === 'paymentNotice') throw new Error('缴费通知单不存在：该申请不是本单位待缴费或已缴费的申请');
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('/print picks the document by kind', () => {
  it('prints the registration receipt as before', async () => {
    renderInShell(<PrintPage />, { path: '/print?kind=registration&uact=newunit01', session: null });
    expect(await screen.findByText('长沙市新星公司')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '单位注册回执' })).toBeTruthy();
    expect(screen.getByTestId('print-document')).toBeTruthy();
  });

  it('loads the payment notice for kind=payment-notice', async () => {
    renderInShell(<PrintPage />, { path: '/print?kind=payment-notice&id=5' });
    expect(await screen.findByText('缴费通知单不存在：该申请不是本单位待缴费或已缴费的申请')).toBeTruthy();
    expect(requests.call).toHaveBeenCalledWith(expect.objectContaining({ name: 'paymentNotice' }), { id: '5' }, { silent: true });
  });

  it('has nothing to print for an unknown kind', async () => {
    renderInShell(<PrintPage />, { path: '/print?kind=other', session: null });
    expect(await screen.findByText('没有可打印的内容')).toBeTruthy();
  });
});
