import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onScreenWidth } from '@hall/client/test/screen.ts';
import { ok, renderConsole } from '../../test/render';

// 公告, 消息 and 功能开关: the administrator's content and settings pages.
const requests = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../lib/request', async (importOriginal) => ({ ...(await importOriginal<object>()), request: requests }));
const downloads = vi.hoisted(() => ({ download: vi.fn(async () => undefined) }));
vi.mock('../../lib/download', () => downloads);

const admin = { loginName: 'ops-admin', name: '管理员', roles: ['admin' as const], mustChangePassword: false };
const auditor = { loginName: 'ops-audit', name: '审计员', roles: ['auditor' as const], mustChangePassword: false };
const notice = {
  id: '3',
  kind: 'notice',
  title: '关于2027年度互助保障的通知',
  status: 'published',
  publisher: '市总工会',
  publishedAt: '2026-11-20T02:00:00.000Z',
  attachmentCount: 0,
};
const draft = { ...notice, id: '5', title: '2027年度缴费提醒（草稿）', status: 'draft', publishedAt: null, attachmentCount: 1 };
const LONG_TEXT = Array.from({ length: 30 }, (_, i) => `第${i + 1}段：请各单位按时办理。`).join('\n\n');
const attachment = { fileId: '0b5c2f0e-6a43-4f5e-9a37-1f0c6f7f1a2b', name: '缴费通知.pdf', size: 20_480 };
const detailOf = (id: string) =>
  id === '5'
    ? { ...draft, content: LONG_TEXT, attachments: [attachment] }
    : {
        id,
        kind: 'notice',
        title: '年度缴费提醒',
        content: '请于12月31日前缴费。',
        status: 'draft',
        publisher: '市总工会',
        publishedAt: null,
        attachments: [],
      };
const flag = { name: 'evaluation', label: '好差评', on: false, defaultOn: false, updatedAt: null, updatedBy: null };
const called = (name: string) => requests.call.mock.calls.filter(([call]) => call.name === name).map(([, body]) => body);

beforeEach(() => {
  onScreenWidth(1366);
  requests.call.mockReset().mockImplementation(async (call: { name: string }, body: { id?: unknown } & FormData) => {
    if (call.name === 'opsNoticeList') return ok({ list: [notice, draft] });
    if (call.name === 'opsNoticeDetail') return ok(detailOf(String(body.id)));
    if (call.name === 'opsNoticePublish') return ok({ id: '4' });
    if (call.name === 'opsNoticeAttachmentAdd') return ok({ fileId: 'f-2', name: (body.get('file') as File).name, size: 4 });
    if (['opsNoticeWithdraw', 'opsNoticeEdit', 'opsNoticeDraftPublish', 'opsNoticeAttachmentRemove'].includes(call.name)) return ok(null);
    if (call.name === 'opsUnionFind') return ok({ list: [{ uact: 'lhgh92001', name: '高新区联合工会', units: 12 }] });
    if (call.name === 'opsMailSendUnion') return ok({ uact: 'lhgh92001', name: '高新区联合工会', title: '请核对名册', count: 12 });
    if (call.name === 'opsMailSend') return ok({ kind: 'unit', key: 'demo01', name: '长沙市示范公司', title: '请核对名册' });
    if (call.name === 'opsFeatureFlagList') return ok({ list: [flag] });
    if (call.name === 'opsFeatureFlagSet') return ok({ ...flag, on: true });
    throw new Error(`unexpected ${call.name}`);
  });
});

describe('公告', () => {
  it('writes and publishes a notice: the text is required', async () => {
    const user = userEvent.setup();
    renderConsole('/notices', admin);
    await user.click(await screen.findByTestId('notice-new'));
    await user.type(screen.getByTestId('notice-title'), '年度缴费提醒');
    await user.click(screen.getByTestId('notice-confirm'));
    expect(await screen.findByText('请输入正文')).toBeTruthy();
    await user.type(screen.getByTestId('notice-content'), '请于12月31日前缴费。');
    await user.click(screen.getByTestId('notice-confirm'));
    await waitFor(() =>
      expect(called('opsNoticePublish')).toEqual([
        { kind: 'notice', title: '年度缴费提醒', content: '请于12月31日前缴费。', draft: false },
      ]),
    );
  });

  it('修改 loads the whole text and the attachments; 保存 sends the whole text', async () => {
    const user = userEvent.setup();
    renderConsole('/notices', admin);
    await user.click(await screen.findByTestId('edit-5'));
    const content = await screen.findByTestId<HTMLTextAreaElement>('notice-content');
    expect(content.value).toBe(LONG_TEXT);
    expect(screen.getByTestId('attachment-name').textContent).toContain('缴费通知.pdf');
    await user.type(content, '（完）');
    await user.click(screen.getByTestId('notice-confirm'));
    await waitFor(() =>
      expect(called('opsNoticeEdit')).toEqual([{ id: 5, title: '2027年度缴费提醒（草稿）', content: `${LONG_TEXT}（完）` }]),
    );
  });

  it('保存草稿 keeps the dialog open for attachments: one is added with the notice id, a type not taken is not sent', async () => {
    // The picker's accept= is not applied: the page's own check is what refuses the text file.
    const user = userEvent.setup({ applyAccept: false });
    renderConsole('/notices', admin);
    await user.click(await screen.findByTestId('notice-new'));
    expect(screen.getByText('保存草稿后即可添加附件，发布后门户可下载。')).toBeTruthy();
    await user.type(screen.getByTestId('notice-title'), '年度缴费提醒');
    await user.type(screen.getByTestId('notice-content'), '请于12月31日前缴费。');
    await user.click(screen.getByTestId('notice-draft'));
    await waitFor(() => expect(called('opsNoticePublish')).toMatchObject([{ title: '年度缴费提醒', draft: true }]));
    expect(await screen.findByText('暂无附件')).toBeTruthy();
    expect(called('opsNoticeDetail')).toEqual([{ id: 4 }]);

    const input = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input(), new File(['%PDF'], '缴费明细.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(called('opsNoticeAttachmentAdd')).toHaveLength(1));
    const form = called('opsNoticeAttachmentAdd')[0] as FormData;
    expect([form.get('id'), (form.get('file') as File).name]).toEqual(['4', '缴费明细.pdf']);

    // A type the hall does not take is refused before anything is sent.
    await user.upload(input(), new File(['x'], '说明.txt', { type: 'text/plain' }));
    expect(await screen.findByText(/文件类型不允许/)).toBeTruthy();
    expect(called('opsNoticeAttachmentAdd')).toHaveLength(1);
  });

  it('removes an attachment only after asking', async () => {
    const user = userEvent.setup();
    renderConsole('/notices', admin);
    await user.click(await screen.findByTestId('edit-5'));
    await user.click(await screen.findByTestId('attachment-remove'));
    expect(called('opsNoticeAttachmentRemove')).toEqual([]);
    const dialogs = await screen.findAllByRole('dialog');
    await user.click(within(dialogs.at(-1)!).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(called('opsNoticeAttachmentRemove')).toEqual([{ id: 5, fileId: attachment.fileId }]));
  });

  it('发布 on a saved draft asks first, then publishes it', async () => {
    const user = userEvent.setup();
    renderConsole('/notices', admin);
    expect(screen.queryByTestId('publish-3')).toBeNull();
    await user.click(await screen.findByTestId('publish-5'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('及其 1 个附件');
    expect(called('opsNoticeDraftPublish')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: '发布' }));
    await waitFor(() => expect(called('opsNoticeDraftPublish')).toEqual([{ id: 5 }]));
  });

  it('撤回 asks first, then withdraws', async () => {
    const user = userEvent.setup();
    renderConsole('/notices', admin);
    await user.click(await screen.findByTestId('withdraw-3'));
    expect(called('opsNoticeWithdraw')).toEqual([]);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '撤回' }));
    await waitFor(() => expect(called('opsNoticeWithdraw')).toEqual([{ id: 3 }]));
  });

  it('the auditor reads the notices without writing', async () => {
    renderConsole('/notices', auditor);
    expect(await screen.findByText('关于2027年度互助保障的通知')).toBeTruthy();
    expect(screen.queryByTestId('notice-new')).toBeNull();
    expect(screen.queryByTestId('withdraw-3')).toBeNull();
    expect(screen.queryByTestId('publish-5')).toBeNull();
  });

  it('the auditor opens a notice read only and downloads its attachment', async () => {
    const user = userEvent.setup();
    renderConsole('/notices', auditor);
    await user.click(await screen.findByTestId('view-5'));
    const view = await screen.findByTestId('notice-view');
    expect(within(view).getByTestId('notice-view-content').textContent).toContain('第30段：请各单位按时办理。');
    expect(within(view).getByTestId('attachment-name').textContent).toContain('缴费通知.pdf');
    expect(within(view).queryByTestId('attachment-remove')).toBeNull();
    expect(within(view).queryByTestId('attachment-add')).toBeNull();
    await user.click(within(view).getByTestId('attachment-download'));
    expect(downloads.download).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: 'opsNoticeAttachment' }),
      { id: 5, fileId: attachment.fileId },
      '缴费通知.pdf',
    );
    expect(called('opsNoticeEdit')).toEqual([]);
  });

  it('the admin downloads an attachment from the editor', async () => {
    const user = userEvent.setup();
    renderConsole('/notices', admin);
    await user.click(await screen.findByTestId('edit-5'));
    await user.click(await screen.findByTestId('attachment-download'));
    expect(downloads.download).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: 'opsNoticeAttachment' }),
      { id: 5, fileId: attachment.fileId },
      '缴费通知.pdf',
    );
  });
});

describe('消息', () => {
  it('sends to a unit and names who got it', async () => {
    const user = userEvent.setup();
    renderConsole('/messages', admin);
    await user.type(await screen.findByTestId('message-to'), 'demo01');
    await user.type(screen.getByTestId('message-title'), '请核对名册');
    await user.type(screen.getByTestId('message-content'), '请于本周内核对参保名册。');
    await user.click(screen.getByTestId('message-send'));
    expect((await screen.findByTestId('message-sent')).textContent).toContain('长沙市示范公司（demo01）');
    expect(called('opsMailSend')).toEqual([{ to: 'demo01', title: '请核对名册', content: '请于本周内核对参保名册。' }]);
  });

  it('sends to a union and all its units, and says how many units got it', async () => {
    const user = userEvent.setup();
    renderConsole('/messages', admin);
    await user.click(await screen.findByText('某工会及其下属单位'));
    await user.type(screen.getByRole('combobox', { name: '工会' }), '高新区');
    await user.click(await screen.findByText('高新区联合工会（lhgh92001）'));
    expect(called('opsUnionFind')).toContainEqual({ keyword: '高新区' });
    expect(screen.getByText('将发送给高新区联合工会及其已注册的下属单位，共 12 个单位')).toBeTruthy();
    await user.type(screen.getByTestId('message-title'), '请核对名册');
    await user.type(screen.getByTestId('message-content'), '请于本周内核对参保名册。');
    await user.click(screen.getByTestId('message-send'));
    expect((await screen.findByTestId('message-sent')).textContent).toContain('高新区联合工会（lhgh92001）及其下属单位，共 12 个单位');
    expect(called('opsMailSendUnion')).toEqual([{ union: 'lhgh92001', title: '请核对名册', content: '请于本周内核对参保名册。' }]);
    expect(called('opsMailSend')).toEqual([]);
  });
});

describe('功能开关', () => {
  it('a switch asks before it turns', async () => {
    const user = userEvent.setup();
    renderConsole('/flags', admin);
    await user.click(await screen.findByTestId('flag-evaluation'));
    expect(called('opsFeatureFlagSet')).toEqual([]);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '打开' }));
    await waitFor(() => expect(called('opsFeatureFlagSet')).toEqual([{ name: 'evaluation', on: true }]));
  });

  it('the auditor sees the flags, switched off from changes', async () => {
    renderConsole('/flags', auditor);
    expect((await screen.findByTestId('flag-evaluation')).hasAttribute('disabled')).toBe(true);
  });
});
