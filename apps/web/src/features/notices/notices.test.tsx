import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderInShell } from '../../test/render';
import { kindOf } from '../../lib/notices';
import NoticeDetailPage from './NoticeDetailPage';

const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', () => ({ request: requests }));
const downloads = vi.hoisted(() => ({ download: vi.fn() }));
vi.mock('../../lib/download', () => downloads);

beforeEach(() => {
  requests.call.mockReset();
  downloads.download.mockReset().mockResolvedValue(undefined);
});

describe('notice helpers', () => {
  it('the kind comes from the address, notices by default', () => {
    expect(kindOf('policy')).toBe('policy');
    expect(kindOf('notice')).toBe('notice');
    expect(kindOf(null)).toBe('notice');
    expect(kindOf('<script>')).toBe('notice');
  });
});

describe('/gateDetail', () => {
  it('renders the text as text, paragraph by paragraph, and downloads attachments by id', async () => {
    requests.call.mockResolvedValue({
      code: 0,
      data: {
        id: '12',
        kind: 'policy',
        title: '长沙市总工会职工医疗互助管理办法',
        publisher: '长沙市总工会',
        publishedAt: '2026-03-01T01:30:00.000Z',
        content: '',
        paragraphs: ['第一条 <b>为发挥</b>工会作用。', '第二条 <img src=x onerror=alert(1)>'],
        attachments: [{ fileId: '0b5c2f0e-6a43-4f5e-9a37-1f0c6f7f1a2b', name: '申报材料清单.pdf', size: 20_480 }],
      },
    });
    renderInShell(<NoticeDetailPage />, { path: '/gateDetail?id=12&kind=policy', session: null });
    expect(await screen.findByRole('heading', { name: '长沙市总工会职工医疗互助管理办法' })).toBeTruthy();
    expect(requests.call).toHaveBeenCalledWith(expect.objectContaining({ name: 'policyById' }), { id: '12' }, { silent: true });
    const article = screen.getByTestId('notice-article');
    expect(article.querySelectorAll('.notice-article__content p')).toHaveLength(2);
    expect(article.textContent).toContain('第一条 <b>为发挥</b>工会作用。');
    expect(article.querySelector('b, img')).toBeNull();
    expect(article.textContent).toContain('发布时间：2026-03-01 09:30');
    expect(screen.getByText('20.0 KB')).toBeTruthy();
    fireEvent.click(screen.getByTestId('attachment-download'));
    await waitFor(() =>
      expect(downloads.download).toHaveBeenCalledWith(
        expect.objectContaining({ path: '/gob/web/filePublicService/downloadFileByID', sealed: 'either' }),
        { fileId: '0b5c2f0e-6a43-4f5e-9a37-1f0c6f7f1a2b' },
        '申报材料清单.pdf',
      ),
    );
    expect(screen.getByTestId('back-to-list').getAttribute('href')).toBe('/gateNotice?kind=policy');
  });

  it('a withdrawn or unknown item says so on the page', async () => {
    requests.call.mockRejectedValue(new Error('公告不存在或已撤回'));
    renderInShell(<NoticeDetailPage />, { path: '/gateDetail?id=99', session: null });
    expect(await screen.findByText('公告不存在或已撤回')).toBeTruthy();
  });
});
