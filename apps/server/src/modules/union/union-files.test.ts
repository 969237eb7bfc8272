import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, FILE_MESSAGES, OpsPath, UNION_MESSAGES, UnionPath } from '@hall/shared';
import { commands } from '../../cli/commands';
import { createTestHall, TEST_CAPTCHA, type TestHall } from '../../test/harness';
import { makeOperator } from '../../test/operator-tools';

/*
 * A union information change carries documents (证明材料, e.g. the 选举批复 a rejection asks for):
 * uploaded through the file upload, stored with the change, listed in the change record, read by
 * the operator reviewing it (CLI and API), and served to no one else.
 */

let hall: TestHall;
const tokens: Record<string, string> = {};
let op: string;
const PASSWORD = 'Oper@2026ab';
const run = (name: string, flags: Record<string, string | boolean>) => commands[name].run(hall.app.hall, flags, '审核员');

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const upload = async (who: string, name: string, bytes: Buffer) => {
  const res = await hall.upload({ name, bytes }, tokens[who]);
  expect(res.code, res.message).toBe(0);
  return res.data.fileId as string;
};
const post = (p: string, body: unknown, who: string) => hall.post(p, body, tokens[who]);
const FORM_99 = {
  uniName: '长沙市第一人民医院工会',
  uscc: '81430100MA4L0990CR',
  legalCertNo: '工法证字第4301099号',
  legalCertStart: '2021-03-01',
  legalCertEnd: '2026-02-28',
  legalName: '罗明',
  chairmanName: '罗明',
  chairmanPhone: '13807311099',
  chairmanTermStart: '2021-03-01',
  chairmanTermEnd: '2026-02-28',
  foundedOn: '2012-05-04',
  employeeCount: 900,
  femaleCount: 500,
  memberCount: 880,
  regionCode: '430102',
  address: '解放西路 70 号',
  postcode: '410005',
  contactName: '陈敏',
  contactPhone: '0731-88880099',
  parentUnion: '长沙市总工会',
  bankName: '中国工商银行长沙分行',
  bankAccountName: '长沙市第一人民医院工会',
  bankAccountNo: '1901 0012 0990 0001 234',
};

let approval: string;
let photo: string;
let changeId: number;

beforeAll(async () => {
  hall = await createTestHall();
  for (const uact of ['dlgh99001', 'lhgh92001', 'qydw92101']) tokens[uact] = (await hall.loginUnit(uact)).data.accessToken;
  tokens.personal = (await hall.loginPersonal('430102198503150022')).data.accessToken;
  await makeOperator(hall, { login: 'union.op', name: '审核员', password: PASSWORD, role: 'reviewer' });
  const login = await hall.post(OpsPath.opsLogin, {
    username: 'union.op',
    password: PASSWORD,
    captchaId: await hall.captcha(),
    captchaCode: TEST_CAPTCHA,
  });
  op = login.data.accessToken;
  approval = await upload('dlgh99001', '选举批复.pdf', PDF);
  photo = await upload('dlgh99001', '换届大会.png', PNG);
});
afterAll(() => hall.close());

describe('a change with documents', () => {
  it('refuses a document that is not the union’s own or not a scan or photo, and writes nothing', async () => {
    const other = await upload('qydw92101', '别人的.pdf', PDF);
    const zip = new JSZip();
    zip.file('[Content_Types].xml', '<x/>');
    zip.file('word/document.xml', '<x/>');
    const word = await upload('dlgh99001', '说明.docx', await zip.generateAsync({ type: 'nodebuffer' }));
    expect((await post(UnionPath.unionInfoSubmit, { ...FORM_99, fileIds: [other] }, 'dlgh99001')).message).toBe(UNION_MESSAGES.fileNotOwn);
    expect((await post(UnionPath.unionInfoSubmit, { ...FORM_99, fileIds: [word] }, 'dlgh99001')).message).toBe(FILE_MESSAGES.materialType);
    const tooMany = Array.from({ length: 11 }, (_, i) => `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`);
    expect((await post(UnionPath.unionInfoSubmit, { ...FORM_99, fileIds: tooMany }, 'dlgh99001')).message).toBe(UNION_MESSAGES.filesMax);
    expect((await post(UnionPath.unionInfo, {}, 'dlgh99001')).data.pending).toBeNull();
  });

  it('is stored with the change and listed in the change record, in the order given', async () => {
    const res = await post(UnionPath.unionInfoSubmit, { ...FORM_99, fileIds: [approval, photo] }, 'dlgh99001');
    expect(res.code, res.message).toBe(0);
    changeId = res.data.id;
    const files = [
      { fileId: approval, name: '选举批复.pdf', size: PDF.length, mime: 'application/pdf' },
      { fileId: photo, name: '换届大会.png', size: PNG.length, mime: 'image/png' },
    ];
    expect(res.data.files).toEqual(files);
    expect((await post(UnionPath.unionInfo, {}, 'dlgh99001')).data.pending.files).toEqual(files);
    expect((await post(UnionPath.unionChangeList, {}, 'dlgh99001')).data.list[0].files).toEqual(files);
    expect((await post(UnionPath.unionChangeDetail, { id: changeId }, 'dlgh99001')).data.files).toEqual(files);
  });

  it('the operator reviewing it sees and reads the documents (API and CLI)', async () => {
    const detail = await hall.post(OpsPath.opsUnionChangeDetail, { id: changeId }, op);
    expect(detail.data.files.map((f: { name: string }) => f.name)).toEqual(['选举批复.pdf', '换届大会.png']);
    expect((await hall.post(OpsPath.opsUnionChangeList, {}, op)).data.list[0].files).toHaveLength(2);
    const got = await hall.download(OpsPath.opsUnionChangeFile, { id: changeId, fileId: approval }, op);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(PDF)).toBe(true);
    expect(String(got.headers['content-type'])).toBe('application/pdf');
    // Only a document of that change.
    const stranger = await upload('dlgh99001', '无关.pdf', PDF);
    expect((await hall.download(OpsPath.opsUnionChangeFile, { id: changeId, fileId: stranger }, op)).answer?.message).toBe(
      UNION_MESSAGES.changeFileNotFound,
    );
    // Not to a portal token.
    expect((await hall.download(OpsPath.opsUnionChangeFile, { id: changeId, fileId: approval }, tokens.dlgh99001)).answer?.code).not.toBe(
      0,
    );

    const shown = await run('union-change-show', { id: String(changeId) });
    expect(shown).toContain(`证明材料：选举批复.pdf`);
    expect(shown).toContain(`--file ${approval}`);
    const dir = mkdtempSync(path.join(tmpdir(), 'union-files-'));
    try {
      const out = path.join(dir, 'a.pdf');
      expect(await run('union-change-file', { id: String(changeId), file: approval, out })).toContain('已保存 选举批复.pdf');
      expect(readFileSync(out).equals(PDF)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is served to the union, never to another unit or a person', async () => {
    const as = (who: string) => hall.download(ApiPath.fileDownload, { fileId: approval }, tokens[who]);
    expect((await as('dlgh99001')).bytes.equals(PDF)).toBe(true);
    for (const who of ['lhgh92001', 'qydw92101', 'personal']) expect((await as(who)).answer?.message, who).toBe(FILE_MESSAGES.notFound);
  });
});
