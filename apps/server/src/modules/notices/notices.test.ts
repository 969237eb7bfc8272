import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiPath, Code, FILE_MESSAGES } from '@hall/shared';
import { commands } from '../../cli/commands/index';
import { simplePdf } from '../../db/seed/pdf';
import { createTestHall, type TestHall } from '../../test/harness';

let hall: TestHall;
const dir = mkdtempSync(path.join(tmpdir(), 'hall-notices-'));
const write = (name: string, content: string | Buffer) => {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
};
const run = (name: string, flags: Record<string, string | string[] | boolean>) => commands[name].run(hall.app.hall, flags, 'tester');

beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

describe('the seeded gateway', () => {
  it('lists three notices and two policies, newest first, with the attachment count', async () => {
    const notices = await hall.post(ApiPath.noticePage, { pageNum: 1, pageSize: 10 });
    expect(notices.code).toBe(0);
    expect(notices.data.totlCnt).toBe(3);
    const dates = notices.data.list.map((n: { publishedAt: string }) => n.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(notices.data.list.map((n: { attachmentCount: number }) => n.attachmentCount).sort()).toEqual([0, 0, 1]);
    const policies = await hall.post(ApiPath.policyPage, {});
    expect(policies.data).toMatchObject({ totlCnt: 2, pageNum: 1, pageSize: 10 });
    expect(policies.data.list[0]).toMatchObject({ publisher: '长沙市总工会', title: expect.stringContaining('补助申请办理指南') });
  });

  it('opens a notice with its paragraphs and attachment, and anyone downloads the attachment', async () => {
    const list = await hall.post(ApiPath.noticePage, { title: '开展' });
    expect(list.data.totlCnt).toBe(1);
    const detail = await hall.post(ApiPath.noticeById, { id: list.data.list[0].id });
    expect(detail.data.paragraphs.length).toBeGreaterThan(5);
    expect(detail.data.attachments).toEqual([
      { fileId: expect.any(String), name: '职工医疗互助申报材料清单.pdf', size: expect.any(Number) },
    ]);
    const file = await hall.download(ApiPath.fileDownload, { fileId: detail.data.attachments[0].fileId });
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.bytes.length).toBe(detail.data.attachments[0].size);
    // A stale token in the visitor's storage does not stand in the way of a public file.
    const stale = await hall.download(ApiPath.fileDownload, { fileId: detail.data.attachments[0].fileId }, 'aaa.bbb.ccc');
    expect(stale.bytes).toEqual(file.bytes);
  });

  it('pages with a capped offset and searches titles literally', async () => {
    expect((await hall.post(ApiPath.noticePage, { pageNum: 2, pageSize: 2 })).data.list).toHaveLength(1);
    expect((await hall.post(ApiPath.noticePage, { title: '%' })).data.totlCnt).toBe(0);
    expect((await hall.post(ApiPath.noticePage, { pageNum: 501 })).message).toBe('最多查看前500页，请缩小查询范围');
  });

  it('a policy id is not a notice, and an unknown id is refused', async () => {
    const policy = (await hall.post(ApiPath.policyPage, {})).data.list[0];
    expect(await hall.post(ApiPath.noticeById, { id: policy.id })).toMatchObject({ code: Code.FAIL, message: '公告不存在或已撤回' });
    expect((await hall.post(ApiPath.policyById, { id: policy.id })).code).toBe(0);
    for (const id of ['999999', 'abc', 1e12]) expect((await hall.post(ApiPath.policyById, { id })).code).toBe(Code.FAIL);
  });
});

describe('operator commands', () => {
  it('publishes with attachments, edits, lists and withdraws', async () => {
    const content = write('notice.txt', '第一段。\r\n\r\n\r\n第二段 <script>alert(1)</script>  \n');
    const pdf = write('附件.pdf', simplePdf('Attachment', ['x']));
    const out = await run('notice-publish', { kind: 'policy', title: '新的政策文件', 'content-file': content, attach: [pdf] });
    const id = out.match(/编号 (\d+)/)![1];
    expect(out).toContain('附件 1 个');
    const detail = (await hall.post(ApiPath.policyById, { id })).data;
    // Plain text, kept as typed: the portal renders it as text, so markup is never executed.
    expect(detail.content).toBe('第一段。\n\n第二段 <script>alert(1)</script>');
    expect(detail.paragraphs).toEqual(['第一段。', '第二段 <script>alert(1)</script>']);
    expect(detail.attachments[0].name).toBe('附件.pdf');

    await run('notice-edit', { id, title: '修改后的政策文件' });
    expect((await hall.post(ApiPath.policyById, { id })).data.title).toBe('修改后的政策文件');
    expect(await run('notice-list', {})).toContain('修改后的政策文件');

    await run('notice-withdraw', { id });
    expect(await hall.post(ApiPath.policyById, { id })).toMatchObject({ code: Code.FAIL, message: '公告不存在或已撤回' });
    expect((await hall.post(ApiPath.policyPage, { title: '修改后' })).data.totlCnt).toBe(0);
    expect(await run('notice-list', {})).toMatch(/已撤回.*修改后的政策文件/);
    await expect(run('notice-withdraw', { id })).rejects.toThrow(`公告已撤回：${id}`);
  });

  it('a draft is not on the gateway', async () => {
    const out = await run('notice-publish', { title: '草稿通知', 'content-file': write('d.txt', '内容'), draft: true });
    const id = out.match(/编号 (\d+)/)![1];
    expect((await hall.post(ApiPath.noticeById, { id })).code).toBe(Code.FAIL);
  });

  it('refuses an attachment of a forbidden type and a missing title', async () => {
    const exe = write('tool.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]));
    await expect(run('notice-publish', { title: 't', 'content-file': write('c.txt', 'x'), attach: [exe] })).rejects.toThrow(
      FILE_MESSAGES.typeNotAllowed,
    );
    await expect(run('notice-publish', { 'content-file': write('c2.txt', 'x') })).rejects.toThrow('请输入标题');
    await expect(run('notice-publish', { title: 't', kind: 'memo', 'content-file': write('c3.txt', 'x') })).rejects.toThrow('类别只能是');
  });
});
