import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, Code, FILE_MESSAGES, NOTICE_ATTACHMENTS_MAX, OpsPath, open } from '@hall/shared';
import { simplePdf } from '../../db/seed/pdf';
import type { TestHall } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { hallWithOperator, makeOperator, OPERATOR_PASSWORD, operatorTools } from '../../test/operator-tools';

/*
 * A notice's attachments in the console, and a draft published later: the gateway (anonymous) reads
 * a published notice and its files only; a draft's or a withdrawn notice's file is not downloaded by id.
 */
let hall: TestHall;
let op: string;
const { lastAudit, opsToken } = operatorTools(() => hall);
const PDF = simplePdf('Attachment', ['附件']);

beforeAll(async () => ({ hall, op } = await hallWithOperator()));
afterAll(() => hall.close());

const attach = async (id: string, file: { name: string; bytes: Buffer } | undefined, token = op) => {
  const body = multipart(id ? { id } : {}, file);
  const res = await hall.app.inject({
    method: 'POST',
    url: hall.config.basePath + OpsPath.opsNoticeAttachmentAdd,
    headers: { authorization: token, 'content-type': body.contentType },
    payload: body.payload,
  });
  const answer = JSON.parse(res.body);
  return { ...answer, data: answer.data && open(answer.data, hall.config.envelopeKey) } as {
    code: number;
    message: string;
    data: { fileId: string; name: string; size: number };
  };
};
const draft = async (title: string) =>
  (await hall.post(OpsPath.opsNoticePublish, { kind: 'notice', title, content: '第一段\n\n第二段', draft: true }, op)).data.id as string;
const detail = async (id: string) => hall.post(OpsPath.opsNoticeDetail, { id }, op);
const anonymousFile = (fileId: string) => hall.download(ApiPath.fileDownload, { fileId });
const gateway = (id: string) => hall.post(ApiPath.noticeById, { id });

describe('notice attachments and drafts', () => {
  it('a draft with an attachment is not on the gateway, nor its file; published, both are; withdrawn, neither', async () => {
    const id = await draft('附件草稿测试');
    const added = await attach(id, { name: '申报材料清单.pdf', bytes: PDF });
    expect(added).toMatchObject({ code: 0, data: { name: '申报材料清单.pdf', size: PDF.length } });
    const { fileId } = added.data;
    expect((await detail(id)).data).toMatchObject({ status: 'draft', content: '第一段\n\n第二段', attachments: [added.data] });

    expect(await gateway(id)).toMatchObject({ code: Code.FAIL, message: '公告不存在或已撤回' });
    expect((await anonymousFile(fileId)).answer?.message).toBe(FILE_MESSAGES.notFound);

    expect((await hall.post(OpsPath.opsNoticeDraftPublish, { id }, op)).code).toBe(0);
    expect((await lastAudit('zhang.wei'))?.detail).toMatchObject({ command: 'notice-draft-publish', id: Number(id), attachments: 1 });
    expect((await gateway(id)).data).toMatchObject({ title: '附件草稿测试', attachments: [added.data] });
    expect((await anonymousFile(fileId)).bytes).toEqual(PDF);
    expect((await hall.post(OpsPath.opsNoticeDraftPublish, { id }, op)).message).toBe(`公告已发布：${id}`);

    expect((await hall.post(OpsPath.opsNoticeWithdraw, { id }, op)).code).toBe(0);
    expect((await gateway(id)).code).toBe(Code.FAIL);
    expect((await anonymousFile(fileId)).answer?.message).toBe(FILE_MESSAGES.notFound);
    expect((await hall.post(OpsPath.opsNoticeDraftPublish, { id }, op)).message).toBe(`已撤回的公告不能再发布：${id}`);
    expect(await attach(id, { name: '再加.pdf', bytes: PDF })).toMatchObject({ code: Code.FAIL, message: '已撤回的公告不能添加附件' });
    expect((await detail(id)).data.attachments).toHaveLength(1);
  });

  it('an attachment added to a published notice downloads at once; removed, it is gone', async () => {
    const made = await hall.post(OpsPath.opsNoticePublish, { kind: 'policy', title: '已发布政策', content: '正文' }, op);
    const id = made.data.id as string;
    const { data: file } = await attach(id, { name: '政策原文.pdf', bytes: PDF });
    expect((await anonymousFile(file.fileId)).bytes).toEqual(PDF);
    expect((await hall.post(OpsPath.opsNoticeAttachmentRemove, { id, fileId: file.fileId }, op)).code).toBe(0);
    expect((await lastAudit('zhang.wei'))?.detail).toMatchObject({
      command: 'notice-attachment-remove',
      id: Number(id),
      fileId: file.fileId,
    });
    expect((await hall.post(ApiPath.policyById, { id })).data.attachments).toEqual([]);
    expect((await anonymousFile(file.fileId)).answer?.message).toBe(FILE_MESSAGES.notFound);
    expect((await hall.post(OpsPath.opsNoticeAttachmentRemove, { id, fileId: file.fileId }, op)).message).toBe('附件不存在或已删除');
  });

  it('refuses a file of another type, a missing notice or file, and more than the limit; nothing is kept', async () => {
    const id = await draft('附件限制测试');
    expect(await attach(id, { name: '脚本.pdf', bytes: Buffer.from('#!/bin/sh\necho hi\n') })).toMatchObject({
      code: Code.FAIL,
      message: FILE_MESSAGES.typeNotAllowed,
    });
    expect((await attach('', { name: 'a.pdf', bytes: PDF })).message).toBe('公告编号不正确');
    expect((await attach('999999', { name: 'a.pdf', bytes: PDF })).message).toBe('公告不存在：999999');
    expect((await attach(id, undefined)).message).toBe(FILE_MESSAGES.empty);
    expect((await detail(id)).data.attachments).toEqual([]);
    for (let i = 0; i < NOTICE_ATTACHMENTS_MAX; i++) expect((await attach(id, { name: `${i}.pdf`, bytes: PDF })).code).toBe(0);
    expect(await attach(id, { name: 'more.pdf', bytes: PDF })).toMatchObject({
      code: Code.FAIL,
      message: `每条公告最多 ${NOTICE_ATTACHMENTS_MAX} 个附件`,
    });
    expect((await detail(id)).data.attachments).toHaveLength(NOTICE_ATTACHMENTS_MAX);
  });

  it('the console downloads any notice’s attachment (a draft’s too) for the admin and the auditor, audited; another notice’s file is refused', async () => {
    await makeOperator(hall, { login: 'shen.ji', name: '审计员', password: OPERATOR_PASSWORD, role: 'auditor' });
    const auditor = await opsToken('shen.ji');
    const id = await draft('下载附件草稿');
    const other = await draft('另一条草稿');
    const { data: file } = await attach(id, { name: '草稿附件.pdf', bytes: PDF });
    const { data: elsewhere } = await attach(other, { name: '另一条的附件.pdf', bytes: PDF });
    const got = await hall.download(OpsPath.opsNoticeAttachment, { id, fileId: file.fileId }, op);
    expect(got.bytes).toEqual(PDF);
    expect(got.headers['content-disposition']).toContain(encodeURIComponent('草稿附件.pdf'));
    expect((await lastAudit('zhang.wei'))?.detail).toMatchObject({ noticeId: Number(id), fileId: file.fileId });
    expect((await hall.download(OpsPath.opsNoticeAttachment, { id, fileId: file.fileId }, auditor)).bytes).toEqual(PDF);
    expect((await lastAudit('shen.ji'))?.action).toBe('download');
    // The auditor reads the notice whole too.
    expect((await hall.post(OpsPath.opsNoticeDetail, { id }, auditor)).data.attachments).toEqual([file]);
    // A file of another notice, named with this notice's id, is not this notice's attachment.
    expect((await hall.download(OpsPath.opsNoticeAttachment, { id, fileId: elsewhere.fileId }, op)).answer?.message).toBe(
      '附件不存在或已删除',
    );
    expect((await hall.download(OpsPath.opsNoticeAttachment, { id: '999999', fileId: file.fileId }, op)).answer?.message).toBe(
      '附件不存在或已删除',
    );
  });

  it('the editor reads the whole text of any notice; an unknown one is refused', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `第${i + 1}段：${'内容'.repeat(40)}`).join('\n\n');
    const made = await hall.post(OpsPath.opsNoticePublish, { kind: 'notice', title: '长公告', content: long }, op);
    expect((await detail(made.data.id)).data).toMatchObject({ content: long, status: 'published', kind: 'notice' });
    expect((await detail('999999')).message).toBe('公告不存在：999999');
  });
});
