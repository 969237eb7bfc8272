import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ApiPath, Code, FILE_MAX_BYTES, FILE_MESSAGES, PROTOCOL_HEADER, PROTOCOL_VERSION } from '@hall/shared';
import { auditLog, files } from '../../db/schema';
import { simplePdf } from '../../db/seed/pdf';
import { createTestHall, type TestHall } from '../../test/harness';
import { powerOfAttorney } from '../registration/power-of-attorney';
import { detectFileType } from './file-type';

let hall: TestHall;
let unitToken: string;
beforeAll(async () => {
  hall = await createTestHall();
  unitToken = (await hall.loginUnit('qydw92101')).data.accessToken;
});
afterAll(() => hall.close());

const pdf = simplePdf('Test', ['hello']);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32)]);
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const plainZip = Buffer.from('504b0304140000000000000000000000000000000000000000000000000000', 'hex');

describe('upload', () => {
  it('keeps an allowed file of a logged-in unit and answers {fileId, name, size}', async () => {
    const res = await hall.upload({ name: '出院小结.pdf', bytes: pdf }, unitToken);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ name: '出院小结.pdf', size: pdf.length });
    const [row] = await hall.db.select().from(files).where(eq(files.id, res.data.fileId));
    expect(row).toMatchObject({ ownerKind: 'unit', ownerKey: 'qydw92101', visibility: 'private', mime: 'application/pdf' });
    expect(await hall.app.hall.files.get(res.data.fileId)).toEqual(pdf);
  });

  it('accepts PNG, JPEG and a Word document by their content', async () => {
    const docx = await powerOfAttorney({ empName: '测试单位' }, '长沙市', hall.clock.now());
    for (const [name, bytes] of [
      ['a.png', png],
      ['b.JPG', jpeg],
      ['c.docx', docx],
    ] as const) {
      expect((await hall.upload({ name, bytes }, unitToken)).code, name).toBe(0);
    }
  });

  it.each([
    ['an executable renamed .pdf', 'virus.pdf', exe],
    ['an executable', 'setup.exe', exe],
    ['a PDF named .png', 'scan.png', pdf],
    ['a zip that is no Office document', 'data.xlsx', plainZip],
    ['a text file', 'notes.txt', Buffer.from('hello')],
  ])('refuses %s', async (_label, name, bytes) => {
    const res = await hall.upload({ name, bytes }, unitToken);
    expect(res).toMatchObject({ code: Code.FAIL, message: FILE_MESSAGES.typeNotAllowed });
  });

  it('refuses a file over 10 MB and an empty one', async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(FILE_MAX_BYTES + 1 - pdf.length, 0x20)]);
    expect(await hall.upload({ name: 'big.pdf', bytes: big }, unitToken)).toMatchObject({
      code: Code.FAIL,
      message: FILE_MESSAGES.tooLarge,
    });
    // Exactly 10 MB is allowed.
    const exact = Buffer.concat([pdf, Buffer.alloc(FILE_MAX_BYTES - pdf.length, 0x20)]);
    expect(await hall.upload({ name: 'exact.pdf', bytes: exact }, unitToken)).toMatchObject({ code: 0, data: { size: FILE_MAX_BYTES } });
    expect(await hall.upload({ name: 'empty.pdf', bytes: Buffer.alloc(0) }, unitToken)).toMatchObject({
      code: Code.FAIL,
      message: FILE_MESSAGES.empty,
    });
  });

  it('refuses a request that is not multipart', async () => {
    const res = await hall.app.inject({
      method: 'POST',
      url: '/api' + ApiPath.fileUpload,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(JSON.parse(res.body)).toMatchObject({ code: Code.FAIL, message: FILE_MESSAGES.empty });
  });

  it('a visitor may upload a scan (private, owned by anonymous) but not a spreadsheet', async () => {
    const res = await hall.upload({ name: '授权委托书.pdf', bytes: pdf });
    expect(res.code).toBe(0);
    const [row] = await hall.db.select().from(files).where(eq(files.id, res.data.fileId));
    expect(row).toMatchObject({ ownerKind: 'anonymous', visibility: 'private' });
    const docx = await powerOfAttorney({ empName: '测试单位' }, '长沙市', hall.clock.now());
    expect((await hall.upload({ name: 'x.docx', bytes: docx })).message).toBe('未登录时仅可上传 PDF、JPG、PNG 格式的扫描件');
    // Nobody downloads an unclaimed anonymous upload, not even its uploader.
    expect((await hall.download(ApiPath.fileDownload, { fileId: res.data.fileId })).answer?.message).toBe(FILE_MESSAGES.notFound);
  });

  it('unclaimed anonymous uploads are swept after an hour', async () => {
    const res = await hall.upload({ name: 'old.pdf', bytes: pdf });
    hall.clock.advance(61 * 60_000);
    await hall.upload({ name: 'new.pdf', bytes: pdf });
    expect(await hall.db.select().from(files).where(eq(files.id, res.data.fileId))).toHaveLength(0);
    expect(await hall.app.hall.files.get(res.data.fileId)).toBeUndefined();
    unitToken = (await hall.loginUnit('qydw92101')).data.accessToken; // the hour idled the session out
  });
});

describe('download', () => {
  it('answers the owner its bytes with type and a UTF-8 attachment name, sealed or not', async () => {
    const up = await hall.upload({ name: '发票（1）.pdf', bytes: pdf }, unitToken);
    for (const sealed of [false, true]) {
      const res = await hall.download(ApiPath.fileDownload, { fileId: up.data.fileId }, unitToken, sealed);
      expect(res.answer).toBeUndefined();
      expect(res.bytes).toEqual(pdf);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="___1_.pdf"; filename*=UTF-8''${encodeURIComponent('发票（1）.pdf')}`,
      );
    }
    // Each read of a private file is in the audit log.
    const reads = (await hall.db.select().from(auditLog).where(eq(auditLog.action, 'download'))).filter(
      (r) => (r.detail as { fileId: string }).fileId === up.data.fileId,
    );
    expect(reads).toHaveLength(2);
    expect(reads[0]).toMatchObject({ actorKind: 'unit', actorKey: 'qydw92101' });
  });

  it("refuses another unit's file, a visitor, and an unknown id, with one message", async () => {
    const up = await hall.upload({ name: 'private.pdf', bytes: pdf }, unitToken);
    const other = (await hall.loginUnit('qydw92102')).data.accessToken;
    for (const token of [other, undefined]) {
      const res = await hall.download(ApiPath.fileDownload, { fileId: up.data.fileId }, token);
      expect(res.answer).toMatchObject({ code: Code.FAIL, message: FILE_MESSAGES.notFound });
    }
    // A private file with a broken token: the token's code, so the portal refreshes or logs in.
    expect((await hall.download(ApiPath.fileDownload, { fileId: up.data.fileId }, 'aaa.bbb.ccc')).answer?.code).toBe(Code.NO_TOKEN);
    for (const fileId of [randomUUID(), 'not-a-uuid', '']) {
      expect((await hall.download(ApiPath.fileDownload, { fileId }, unitToken)).answer).toMatchObject({
        code: Code.FAIL,
        message: FILE_MESSAGES.notFound,
      });
    }
  });

  it('lets the parent union see a member unit’s private file, but not another union', async () => {
    const up = await hall.upload({ name: 'member.pdf', bytes: pdf }, unitToken);
    const parent = (await hall.loginUnit('lhgh92001')).data.accessToken;
    expect((await hall.download(ApiPath.fileDownload, { fileId: up.data.fileId }, parent)).bytes).toEqual(pdf);
    const stranger = (await hall.loginUnit('hygh93001')).data.accessToken;
    expect((await hall.download(ApiPath.fileDownload, { fileId: up.data.fileId }, stranger)).answer?.code).toBe(Code.FAIL);
  });

  it('a personal file is its owner’s only', async () => {
    const person = (await hall.loginPersonal('430102198503150022')).data.accessToken;
    const up = await hall.upload({ name: 'card.jpg', bytes: jpeg }, person);
    expect((await hall.download(ApiPath.fileDownload, { fileId: up.data.fileId }, person)).bytes).toEqual(jpeg);
    const other = (await hall.loginPersonal('430103199007120044')).data.accessToken;
    expect((await hall.download(ApiPath.fileDownload, { fileId: up.data.fileId }, other)).answer?.code).toBe(Code.FAIL);
  });

  it('uploads between 10 and 50 MB are all refused, and none is stored, not even cut short', async () => {
    const before = (await hall.db.select().from(files)).length;
    for (const mb of [10.5, 13, 27, 50]) {
      const bytes = Buffer.concat([pdf, Buffer.alloc(Math.round(mb * 1024 * 1024) - pdf.length, 0x20)]);
      expect(await hall.upload({ name: `big-${mb}.pdf`, bytes }, unitToken), `${mb} MB`).toMatchObject({
        code: Code.FAIL,
        message: FILE_MESSAGES.tooLarge,
      });
    }
    expect((await hall.db.select().from(files)).length).toBe(before);
  });

  it('over a real socket too (the body arrives in pieces), an oversize upload is refused and nothing kept', async () => {
    const address = await hall.app.listen({ port: 0, host: '127.0.0.1' });
    const before = (await hall.db.select().from(files)).length;
    for (const mb of [11, 24]) {
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(Buffer.concat([pdf, Buffer.alloc(mb * 1024 * 1024, 0x20)]))], { type: 'application/pdf' }),
        `net-${mb}.pdf`,
      );
      const res = await fetch(`${address}${hall.config.basePath}${ApiPath.fileUpload}`, {
        method: 'POST',
        headers: { authorization: unitToken, [PROTOCOL_HEADER]: PROTOCOL_VERSION },
        body: form,
      });
      expect((await res.json()).code, `${mb} MB`).toBe(Code.FAIL);
    }
    expect((await hall.db.select().from(files)).length).toBe(before);
  });

  it('a bad envelope on the download is still code 2', async () => {
    const res = await hall.download(ApiPath.fileDownload, { data: 'AAAA', channel: '066' }, unitToken);
    expect(res.answer?.code).toBe(Code.BAD_ENVELOPE);
  });
});

describe('file types', () => {
  it('detects types by magic bytes only', async () => {
    expect((await detectFileType(pdf))?.mime).toBe('application/pdf');
    expect(await detectFileType(exe)).toBeNull();
    expect(await detectFileType(plainZip)).toBeNull();
  });
});
