import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ApiPath, Code } from '@hall/shared';
import { commands } from '../../cli/commands/index';
import { files, registrations, units } from '../../db/schema';
import { simplePdf } from '../../db/seed/pdf';
import JSZip from 'jszip';
import { biddingRegistration, idCard } from '../../test/fixtures';
import { createTestHall, type TestHall } from '../../test/harness';

let hall: TestHall;
beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

const scan = simplePdf('Signed power of attorney', ['stamped']);
const uploadScan = async () => (await hall.upload({ name: '授权委托书（已盖章）.pdf', bytes: scan })).data.fileId as string;
const register = async (payload: object) => hall.post(ApiPath.biddingRegister, { ...(await hall.human()), ...payload });

describe('power of attorney', () => {
  it('is a real Word document with the unit’s data, sealed or not', async () => {
    const unit = {
      empName: '湖南示范矿业有限公司',
      uscc: '91350100M000100Y43',
      legentName: '钱进',
      entLegrepIdcard: idCard('43010219750505003'),
      empAddr: '长沙市天心区示范路8号',
    };
    for (const sealed of [false, true]) {
      const res = await hall.download(ApiPath.powerOfAttorney, unit, undefined, sealed);
      expect(res.answer).toBeUndefined();
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('授权委托书-湖南示范矿业有限公司.docx'));
      expect(res.bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
      const zip = await JSZip.loadAsync(res.bytes);
      expect(Object.keys(zip.files)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'word/document.xml']));
      const xml = await zip.file('word/document.xml')!.async('string');
      for (const text of ['授权委托书', '湖南示范矿业有限公司', '91350100M000100Y43', '钱进', '长沙市总工会']) expect(xml).toContain(text);
    }
  });

  it('is made from the unit name alone, dated by the hall’s clock, and refuses bad fields with an envelope', async () => {
    // Nothing to wait for (no external service): the document is built from the request and the
    // server's clock, which the harness moves; no wall-clock measure.
    hall.clock.advance(86_400_000);
    const today = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: 'long', day: 'numeric' }).format(
      hall.clock.now(),
    );
    const res = await hall.download(ApiPath.powerOfAttorney, { empName: '单位' });
    expect(res.answer).toBeUndefined();
    const xml = await (await JSZip.loadAsync(res.bytes)).file('word/document.xml')!.async('string');
    expect(xml).toContain(`于${today}生成`);
    expect((await hall.download(ApiPath.powerOfAttorney, {})).answer).toMatchObject({ code: Code.FAIL, message: '请输入单位名称' });
    expect((await hall.download(ApiPath.powerOfAttorney, { empName: 'x', uscc: 'bad' })).answer?.message).toBe(
      '请输入正确的统一社会信用代码',
    );
  });
});

describe('publicBidding/register', () => {
  it('claims the anonymous scan, waits for review, and the unit later sees its scan', async () => {
    const fileId = await uploadScan();
    expect((await hall.post(ApiPath.biddingCheckUnitInfo, { empUact: 'bid2001' })).code).toBe(0);
    const res = await register(biddingRegistration(1, fileId));
    expect(res.data).toMatchObject({ empUact: 'bid2001', kind: 'bidding', status: 'pending' });
    const [file] = await hall.db.select().from(files).where(eq(files.id, fileId));
    expect(file).toMatchObject({ ownerKind: 'unit', ownerKey: 'bid2001', visibility: 'private' });
    const [unit] = await hall.db.select().from(units).where(eq(units.uact, 'bid2001'));
    expect(unit).toMatchObject({ level: 2, parentId: null, infoComplete: false });
    const [registration] = await hall.db.select().from(registrations).where(eq(registrations.unitId, unit.id));
    expect(registration.authorizationFileId).toBe(fileId);

    await commands['registration-approve'].run(hall.app.hall, { uact: 'bid2001' }, 'reviewer');
    const token = (await hall.loginUnit('bid2001', 'Abc12345')).data.accessToken;
    expect((await hall.download(ApiPath.fileDownload, { fileId }, token)).bytes).toEqual(scan);
  });

  it('refuses a scan that is unknown, already claimed or older than an hour', async () => {
    const claimed = (await hall.db.select().from(registrations))[0].authorizationFileId!;
    for (const fileId of [randomUUID(), claimed]) {
      expect((await register(biddingRegistration(2, fileId))).message).toBe('授权委托书文件不存在或已过期，请重新上传');
    }
    const old = await uploadScan();
    hall.clock.advance(61 * 60_000);
    expect((await register(biddingRegistration(2, old))).message).toBe('授权委托书文件不存在或已过期，请重新上传');
    expect((await hall.post(ApiPath.selectRegUserInfo, { empUact: 'bid2002' })).code).toBe(Code.FAIL);
  });

  const cases: Array<[string, unknown, string]> = [
    ['empType', '', '请选择单位类型'],
    ['empType', '77', '请选择单位类型'],
    ['entLegrepIdcard', '430102197505050030', '请输入正确的身份证号码'],
    ['authorization', '', '请上传已签章的授权委托书'],
    ['empAddr', '', '请输入单位地址'],
    ['legentTel', '1371234', '请输入正确的手机号码'],
    ['confirmPassword', 'Abc123456', '两次输入密码不一致'],
    ['uscc', '91430100MA4L1010D5', '该统一社会信用代码已注册，请勿重复注册'],
  ];
  it.each(cases)('%s = %j → %s', async (field, value, message) => {
    const fileId = await uploadScan();
    expect(await register(biddingRegistration(3, fileId, { [field]: value }))).toMatchObject({ code: Code.FAIL, message });
    // A refused registration claims nothing.
    expect((await hall.db.select().from(files).where(eq(files.id, fileId)))[0].ownerKind).toBe('anonymous');
  });
});
