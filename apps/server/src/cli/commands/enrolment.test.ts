import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, coverages, units } from '../../db/schema';
import { createTestHall, type TestHall } from '../../test/harness';
import { makeApplication, staffOf } from '../../test/payable-fixtures';
import { runCommand } from '../ops-socket';
import { commands, STRING_FLAGS, UsageError } from './index';

let hall: TestHall;
const dir = mkdtempSync(path.join(tmpdir(), 'hall-enrolment-cli-'));
const write = (name: string, content: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
};
const run = (name: string, flags: Record<string, string | boolean>) => commands[name].run(hall.app.hall, flags, 'clerk');

beforeAll(async () => {
  hall = await createTestHall();
});
afterAll(() => hall.close());

describe('ops enrolment commands', () => {
  it('registers its commands and flags', () => {
    for (const name of [
      'period-list',
      'period-set',
      'product-set',
      'registry-load',
      'payment-confirm',
      'payable-list',
      'message-send',
      'waiting-list',
    ])
      expect(commands[name], name).toBeDefined();
    for (const flag of ['year', 'rate', 'file', 'application', 'amount', 'date', 'voucher', 'to', 'days'])
      expect(STRING_FLAGS).toContain(flag);
  });

  it('period-list shows the periods with their products', async () => {
    const out = await run('period-list', {});
    expect(out).toContain('2027年度  2027年度职工医疗互助  【申报中】');
    expect(out).toContain('- 02 女职工特殊疾病互助  ¥20.00/份  最多1份  限女职工');
  });

  it('period-set creates a year and then edits it; product-set takes the rate in yuan and a rule file', async () => {
    expect(await run('period-set', { year: '2028', 'waiting-days': '60' })).toBe(
      '已新建2028年度互助期：保障期 2028-01-01 至 2028-12-31，申报 2027-11-01 至 2027-12-31，缴费截止 2027-12-31，等待期 60 天',
    );
    expect(await run('period-set', { year: '2028', 'pay-deadline': '2028-01-10' })).toContain('已修改2028年度互助期');
    const rule = write('rule.json', JSON.stringify({ lumpSumFen: 1_000_000, capFen: 1_000_000 }));
    expect(
      await run('product-set', { year: '2028', code: '05', name: '意外伤害互助', rate: '36.5', 'max-shares': '2', 'rule-file': rule }),
    ).toBe('已新建险种 05 意外伤害互助：¥36.50/份，最多2份，全体职工');
    expect(await run('product-set', { year: '2028', code: '05', eligibility: 'female' })).toContain('限女职工');
    await expect(run('product-set', { year: '2028', code: '05', rate: '3.555' })).rejects.toThrow(UsageError);
    await expect(run('product-set', { year: '2028', code: '05', 'rule-file': write('bad.json', '{') })).rejects.toThrow('不是有效的 JSON');
    await expect(run('period-set', { year: '28' })).rejects.toThrow('互助年度须为 2000-2100 的年份');
    expect(
      await runCommand(hall.app.hall, { command: 'period-set', flags: { year: '2028', end: '2027-01-01' }, operator: 'ops-admin' }),
    ).toEqual({
      ok: false,
      usage: false,
      message: '保障开始日期不能晚于保障结束日期',
    });
  });

  it('registry-load loads the file and prints the rows it refused', async () => {
    const file = write(
      'registry.csv',
      '\uFEFF类型,统一社会信用代码或身份证号码,名称,参保状态,参保日期\r\n单位,91430100MA4L1020EX,远航物流,参保,2026-11-20\r\n个人,123,坏号码,参保,\r\n',
    );
    const out = await run('registry-load', { file });
    expect(out).toContain('共 2 行，新增 1，变更 0，未变 0，有误 1');
    expect(out).toContain('qydw92102 → 参保');
    expect(out).toContain('第3行：身份证号码“123”有误');
    const [u] = await hall.db.select().from(units).where(eq(units.uact, 'qydw92102'));
    expect(u.insured).toBe(true);
    await expect(run('registry-load', { file: path.join(dir, 'missing.csv') })).rejects.toThrow('无法读取文件');
    await expect(run('registry-load', {})).rejects.toThrow('缺少参数 --file');
  });

  it('payment-confirm confirms by SQ number; payable-list lists what is unpaid', async () => {
    const people = await staffOf(hall.db, 'fhgh93101');
    const id = await makeApplication(hall.db, {
      uact: 'fhgh93101',
      year: 2027,
      state: 'unpaid',
      lines: [
        { personId: people[0].personId, productCode: '01', shares: 3 },
        { personId: people[1].personId, productCode: '03' },
      ],
    });
    const no = `SQ2027${String(id).padStart(6, '0')}`;
    expect(await run('payable-list', {})).toContain(`${no}  fhgh93101`);
    expect(await run('payable-list', { overdue: true })).toBe('没有逾期未缴费的申请');
    const out = await run('payment-confirm', { application: no, amount: '240', date: '2026-11-21', voucher: 'ICBC20261121001' });
    expect(out).toBe(
      `已确认 长沙市建工集团分会（fhgh93101）申请 ${no} 缴费 ¥240.00，缴费日期 2026-11-21，凭证号 ICBC20261121001；生成参保记录 2 条，保障自 2027-02-19 起`,
    );
    expect(await hall.db.select().from(coverages).where(eq(coverages.applicationId, id))).toHaveLength(2);
    await expect(run('payment-confirm', { application: no, amount: '240', date: '2026-11-21' })).rejects.toThrow('请输入缴费凭证号');
    expect(await run('payable-list', {})).not.toContain(no);
  });

  it('message-send reads the text from a file; waiting-list prints the three lists', async () => {
    const body = write('msg.txt', '请于12月31日前完成2027年度缴费。\n');
    expect(await run('message-send', { to: 'hygh93001', title: '缴费提醒', 'content-file': body })).toBe(
      '已向单位 长沙市建筑行业工会（hygh93001）发送站内信《缴费提醒》',
    );
    const out = await run('waiting-list', { days: '3', 'due-days': '60' });
    expect(out).toMatch(/^待审核的单位注册 \d+ 个/);
    expect(out).toContain('待缴费（逾期或 60 天内截止）');
    expect(out).toContain('工会超过 3 天未审核的申请');
    await expect(run('waiting-list', { days: 'x' })).rejects.toThrow('工会未审核天数须为 0-365 的整数天数');
  });

  it('audits every change with the operator', async () => {
    const rows = await hall.db.select().from(auditLog).where(eq(auditLog.actorKey, 'clerk'));
    expect(new Set(rows.map((r) => (r.detail as { command: string }).command))).toEqual(
      new Set(['period-create', 'period-edit', 'product-create', 'product-edit', 'registry-load', 'payment-confirm', 'message-send']),
    );
  });
});
