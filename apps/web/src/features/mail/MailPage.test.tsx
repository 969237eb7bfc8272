import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderInShell } from '../../test/render';
import MailPage from './MailPage';
import { useUnreadCount } from './api/unread';

/** An inbox on a fake server: the page's calls and the header's unread count read and change it. */
interface Message {
  id: string;
  title: string;
  content: string;
  sender: string;
  readFlag: '0' | '1';
  createdAt: string;
}
let inbox: Message[] = [];
/** The feature flags the fake server answers (spec §9 defaults but batch on, unless a test says otherwise). */
let flags = { batch: true, archives: true, evaluation: false };
const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));

function answer(call: { name: string }, payload: Record<string, unknown> = {}) {
  switch (call.name) {
    case 'mailPage': {
      const rows = inbox.filter((m) => payload.readFlag !== '0' || m.readFlag === '0');
      const pageNum = Number(payload.pageNum ?? 1);
      const pageSize = Number(payload.pageSize ?? 10);
      return { list: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize), totlCnt: rows.length, pageNum, pageSize };
    }
    case 'mailRead':
      for (const m of inbox) if (m.id === payload.id) m.readFlag = '1';
      return null;
    case 'featureFlags':
      return flags;
    case 'mailBatch': {
      const ids = payload.ids as string[];
      if (payload.action === 'delete') inbox = inbox.filter((m) => !ids.includes(m.id));
      else for (const m of inbox) if (ids.includes(m.id)) m.readFlag = '1';
      return { action: payload.action, count: ids.length };
    }
    case 'mailReadAll': {
      let updated = 0;
      for (const m of inbox) {
        if (m.readFlag === '0' && (payload.all === true || (payload.ids as string[]).includes(m.id))) {
          m.readFlag = '1';
          updated++;
        }
      }
      return { updated };
    }
    default:
      throw new Error(`unexpected call ${call.name}`);
  }
}

beforeEach(() => {
  flags = { batch: true, archives: true, evaluation: false };
  inbox = Array.from({ length: 12 }, (_, i) => ({
    id: String(100 - i),
    title: `互助申请 SQ20270000${String(12 - i).padStart(2, '0')} 待缴费`,
    content: '您单位的2027年度互助申请已受理。\n请于 2026-12-31 前按缴费通知单缴费。',
    sender: '长沙市总工会',
    readFlag: i % 4 === 3 ? '1' : '0',
    createdAt: '2026-11-22T01:00:00.000Z',
  }));
  requests.call.mockReset().mockImplementation(async (call: { name: string }, payload?: Record<string, unknown>) => ({
    code: 0,
    data: answer(call, payload),
  }));
});

/** The header's badge beside the page, as the layout shows them together. */
function Badge() {
  const count = useUnreadCount({ loginType: 'unit', unit: { uact: 'qydw92101', psnName: '示范企业', uactLevel: 2, uniType: '' } });
  return <span data-testid="badge">{count}</span>;
}
const render = () =>
  renderInShell(
    <>
      <Badge />
      <MailPage />
    </>,
    { path: '/mail' },
  );
const rows = () => screen.getAllByTestId('mail-open');
const unreadNow = () => inbox.filter((m) => m.readFlag === '0').length;
const callsOf = (name: string) => requests.call.mock.calls.filter(([call]) => call.name === name);

describe('/mail', () => {
  it('lists the messages newest first, ten a page, unread ones marked; the 未读 tab shows only unread', async () => {
    render();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(rows()[0].textContent).toContain('SQ2027000012');
    expect(rows()[0].className).toContain('mail-title--unread');
    expect(rows()[3].className).not.toContain('mail-title--unread');
    expect(screen.getByTestId('mail-page').textContent).toContain('共 12 条');
    await waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('9'));
    expect(screen.getByRole('tab', { name: '未读（9）' })).toBeTruthy();
    // The page names no owner: the server takes it from the session.
    expect(callsOf('mailPage').every(([, payload]) => !('uact' in payload) || payload.pageSize === 1)).toBe(true);

    fireEvent.click(screen.getByRole('tab', { name: '未读（9）' }));
    await waitFor(() => expect(rows()).toHaveLength(9));
    expect(rows().every((row) => row.className.includes('mail-title--unread'))).toBe(true);

    // Only 9 unread: the 未读 tab has one page.
    expect(screen.queryByTitle('2')).toBeNull();
  });

  it('opening a message shows it and marks it read; the badge follows', async () => {
    render();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('9'));
    fireEvent.click(rows()[0]);
    const detail = await screen.findByTestId('mail-detail');
    expect(detail.textContent).toContain('发件人：长沙市总工会');
    expect(detail.textContent).toContain('2026-11-22 09:00');
    expect(detail.querySelectorAll('p')).toHaveLength(2);
    await waitFor(() => expect(callsOf('mailRead')).toHaveLength(1));
    expect(callsOf('mailRead')[0][1]).toEqual({ id: '100' });
    await waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('8'));
    // Opening a read message sends nothing.
    fireEvent.click(rows()[3]);
    await screen.findByText(inbox[3].title, { selector: '.ant-drawer-title' });
    expect(callsOf('mailRead')).toHaveLength(1);
  });

  it('without the batch flag (spec §9 default) shows no selection and no batch buttons', async () => {
    flags = { batch: false, archives: true, evaluation: false };
    render();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await waitFor(() => expect(callsOf('featureFlags')).toHaveLength(1));
    expect(within(screen.getByTestId('mail-table')).queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByTestId('mail-read-selected')).toBeNull();
    expect(screen.queryByTestId('mail-delete-selected')).toBeNull();
    expect(screen.getByTestId('mail-read-all')).toBeTruthy();
  });

  it('删除 deletes the selected messages in one batch call after asking', async () => {
    render();
    await waitFor(() => expect(within(screen.getByTestId('mail-table')).getAllByRole('checkbox').length).toBeGreaterThan(1));
    const boxes = within(screen.getByTestId('mail-table')).getAllByRole('checkbox');
    fireEvent.click(boxes[4]);
    fireEvent.click(screen.getByTestId('mail-delete-selected'));
    fireEvent.click(await screen.findByTestId('mail-delete-confirm'));
    await waitFor(() => expect(callsOf('mailBatch')).toHaveLength(1));
    expect(callsOf('mailBatch')[0][1]).toEqual({ action: 'delete', ids: ['97'] });
    expect(await screen.findByText('已删除 1 条消息')).toBeTruthy();
    expect(inbox.some((m) => m.id === '97')).toBe(false);
  });

  it('标为已读 marks the selected messages in one batch call, then clears the selection', async () => {
    render();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await waitFor(() => expect(screen.getByTestId('mail-read-selected')).toBeTruthy());
    const button = screen.getByTestId('mail-read-selected');
    expect(button.hasAttribute('disabled')).toBe(true);
    const table = screen.getByTestId('mail-table');
    const boxes = within(table).getAllByRole('checkbox');
    fireEvent.click(boxes[1]);
    fireEvent.click(boxes[2]);
    expect(button.textContent).toContain('（2）');
    fireEvent.click(button);
    await waitFor(() => expect(callsOf('mailBatch')).toHaveLength(1));
    expect(callsOf('mailBatch')[0][1]).toEqual({ action: 'read', ids: ['100', '99'] });
    expect(await screen.findByText('已将 2 条消息标为已读')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('7'));
    await waitFor(() => expect(screen.getByTestId('mail-read-selected').textContent).toBe('标为已读'));
  });

  it('全部标为已读 asks first, then marks every unread message', async () => {
    render();
    await waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('9'));
    fireEvent.click(screen.getByTestId('mail-read-all'));
    expect(await screen.findByText('确定将全部 9 条未读消息标为已读吗？')).toBeTruthy();
    expect(callsOf('mailReadAll')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('mail-read-all-confirm'));
    await waitFor(() => expect(callsOf('mailReadAll')).toHaveLength(1));
    expect(callsOf('mailReadAll')[0][1]).toEqual({ all: true });
    expect(unreadNow()).toBe(0);
    await waitFor(() => expect(screen.getByTestId('badge').textContent).toBe('0'));
    await waitFor(() => expect(screen.getByTestId('mail-read-all').closest('button')!.hasAttribute('disabled')).toBe(true));
  });

  it('pages through the list and says so when the inbox is empty', async () => {
    render();
    await waitFor(() => expect(rows()).toHaveLength(10));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(callsOf('mailPage').some(([, payload]) => payload.pageNum === 2)).toBe(true);
    inbox = [];
    // 刷新 ignores a click while it shows its spinner (antd's Button takes the loading prop one
    // render late): on a busy machine the click could land on that render and be lost.
    await waitFor(() => expect(screen.getByTestId('mail-refresh').classList.contains('ant-btn-loading')).toBe(false));
    const before = callsOf('mailPage').length;
    fireEvent.click(screen.getByTestId('mail-refresh'));
    await waitFor(() => expect(callsOf('mailPage').length).toBeGreaterThan(before));
    expect(await screen.findByText('暂无消息')).toBeTruthy();
  });

  it('a failed load says so with 重新加载', async () => {
    requests.call.mockReset().mockRejectedValue(new Error('网络连接异常，请稍后重试'));
    render();
    expect(await screen.findByText('消息加载失败')).toBeTruthy();
    expect(screen.getByText('网络连接异常，请稍后重试')).toBeTruthy();
  });
});
