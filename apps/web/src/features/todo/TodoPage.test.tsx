import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInShell } from '../../test/render';
import TodoPage from './TodoPage';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));

const ITEMS = [
  {
    kind: 'unpaid',
    title: '逾期未缴费的互助申请',
    detail: '2份互助申请待缴费，合计 ¥180.00；其中1份已超过缴费截止日期，请尽快缴费并联系市总工会确认。',
    count: 2,
    route: '/payment',
    urgent: true,
    at: '2026-11-20T02:30:00.000Z',
  },
  {
    kind: 'draft',
    title: '待提交的互助申请',
    detail: '3份互助申请已保存但尚未提交，请核对人员和份数后提交。',
    count: 3,
    route: '/apply-query?state=draft',
    urgent: false,
    at: '2026-11-21T01:00:00.000Z',
  },
  {
    kind: 'noStaff',
    title: '维护互助人员',
    detail: '本单位尚未登记互助人员。',
    count: 1,
    route: '/mutual-aid-staff-management',
    urgent: false,
    at: null,
  },
];

const answerWith = (list: unknown[]) => requests.call.mockReset().mockResolvedValue({ code: 0, data: { list } });
beforeEach(() => answerWith(ITEMS));

const render = () =>
  renderInShell(<TodoPage />, {
    path: '/to-list',
    routes: [
      { path: '/payment', element: <div data-testid="payment-page" /> },
      { path: '/apply-query', element: <div data-testid="apply-page" /> },
    ],
  });

describe('/to-list', () => {
  it('shows each item with its count, urgent ones marked, and a button to its page', async () => {
    render();
    const items = await screen.findAllByTestId('todo-item');
    expect(items.map((i) => i.dataset.kind)).toEqual(['unpaid', 'draft', 'noStaff']);
    expect(screen.getByTestId('todo-summary').textContent).toBe('共 3 项待办，其中 1 项需优先处理');
    expect(items[0].className).toContain('todo-card--urgent');
    expect(items[0].textContent).toContain('紧急');
    expect(items[0].textContent).toContain('合计 ¥180.00');
    expect(items[0].querySelector('.todo-card__count')?.textContent).toBe('2份');
    expect(items[0].textContent).toContain('更新于 2026-11-20 10:30');
    expect(items[1].querySelector('.todo-card__count')?.textContent).toBe('3份');
    // A standing reminder has no count or time.
    expect(items[2].querySelector('.todo-card__count')).toBeNull();
    expect(items[2].querySelector('time')).toBeNull();
    expect(items[0].querySelector('button')?.textContent).toBe('去缴费');
    expect(requests.call).toHaveBeenCalledWith(expect.objectContaining({ name: 'todoList' }), undefined, { silent: true });
  });

  it('the button opens the page with its filter', async () => {
    const { router } = render();
    const items = await screen.findAllByTestId('todo-item');
    fireEvent.click(items[1].querySelector('button')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/apply-query'));
    expect(router.state.location.search).toBe('?state=draft');
  });

  it('says 暂无待办事项 when nothing waits, and 刷新 asks again', async () => {
    answerWith([]);
    render();
    expect(await screen.findByText('暂无待办事项')).toBeTruthy();
    answerWith(ITEMS.slice(1, 2));
    fireEvent.click(screen.getByTestId('todo-refresh'));
    expect(await screen.findByText('待提交的互助申请')).toBeTruthy();
  });

  it('a failed load says so with 重新加载', async () => {
    requests.call.mockReset().mockRejectedValue(new Error('系统繁忙'));
    render();
    expect(await screen.findByText('待办事项加载失败')).toBeTruthy();
    requests.call.mockReset().mockResolvedValue({ code: 0, data: { list: [] } });
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('暂无待办事项')).toBeTruthy();
  });
});
