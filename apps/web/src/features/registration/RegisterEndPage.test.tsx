import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderInShell } from '../../test/render';
import RegisterEndPage from './RegisterEndPage';

const LONG_NAME = '长沙市' + '高新技术产业开发区麓谷街道智能制造与新材料产业联合'.repeat(4) + '有限责任公司';

// The server is faked where every web test fakes it: the request client (lib/request).
const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));
requests.call.mockImplementation(async (call: { name: string }, payload: { empUact: string }) => {
  if (call.name !== 'selectRegUserInfo') throw new Error(`unexpected call ${call.name}`);
  return {
    code: 0,
    data: {
      empUact: payload.empUact,
      empName: LONG_NAME,
      kind: 'unit',
      status: 'pending',
      statusLabel: '待审核',
      reason: null,
      phone: '139****3816',
      submittedAt: '2026-11-22T20:25:00.000Z',
      decidedAt: null,
    },
  };
});

describe('/registerEnd result table', () => {
  it('a very long unit name sits whole in its own cell (with a title), the table keeps its layout class', async () => {
    renderInShell(<RegisterEndPage />, { path: '/registerEnd?uact=api_956169', session: null });
    const name = await screen.findByText(LONG_NAME);
    expect(name.className).toBe('registration-result__name');
    expect(name.getAttribute('title')).toBe(LONG_NAME);
    // registration.css keeps labels on one line and short values readable (no one-character columns).
    const table = screen.getByTestId('registration-result').querySelector('.ant-descriptions');
    expect(table?.classList.contains('registration-result')).toBe(true);
    expect(screen.getByText('api_956169', { selector: '.ant-descriptions-item-content, .ant-descriptions-item-content *' })).toBeTruthy();
    expect(screen.getByTestId('registration-status').textContent).toBe('待审核');
  });
});
