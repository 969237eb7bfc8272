import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHall, type TestHall } from '../../test/harness';
import { staffOf } from '../../test/payable-fixtures';
import { coverPerson, setBankCard, settlementCsv } from '../../test/settlement-fixtures';
import { runCommand } from '../ops-socket';
import { commands, STRING_FLAGS, UsageError } from './index';

let hall: TestHall;
const dir = mkdtempSync(path.join(tmpdir(), 'hall-benefits-cli-'));
const write = (name: string, content: Buffer | string) => {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
};
const run = (name: string, flags: Record<string, string | boolean>) => commands[name].run(hall.app.hall, flags, '赵敏');
const people: Array<{ personId: number; certNo: string; name: string }> = [];

beforeAll(async () => {
  hall = await createTestHall();
  people.push(...(await staffOf(hall.db, 'qydw92101')).slice(0, 2));
  for (const p of people) await coverPerson(hall.db, { uact: 'qydw92101', year: 2026, personId: p.personId });
  await setBankCard(hall.db, people[0].personId, '6222020200112233445');
  await setBankCard(hall.db, people[1].personId, null);
});
afterAll(() => hall.close());

describe('ops benefit commands', () => {
  it('registers its commands and flags', () => {
    for (const name of ['settlement-load', 'treatment-list', 'treatment-pay']) expect(commands[name], name).toBeDefined();
    for (const flag of ['file', 'state', 'period', 'cert', 'paid-on', 'limit']) expect(STRING_FLAGS).toContain(flag);
  });

  it('settlement-load loads the file and prints counts, treatments and the rows it refused', async () => {
    const file = write(
      '结算.csv',
      settlementCsv(
        [
          { no: 'CLI-1', certNo: people[0].certNo, admitted: '2026-03-01', discharged: '2026-03-05', selfPolicy: '3000' },
          { no: 'CLI-2', certNo: people[1].certNo, admitted: '2026-03-01', discharged: '2026-03-05', selfPolicy: '2000' },
          { no: 'CLI-3', certNo: people[0].certNo, admitted: '2019-03-01', discharged: '2019-03-05', selfPolicy: '2000' },
        ],
        ['CLI-4,123,某人,医院,三级,住院,2026-01-01,2026-01-02,,1,1,1,1,0,K35.800,阑尾炎,否'],
      ),
    );
    const out = await run('settlement-load', { file });
    expect(out).toContain('共 4 行，新增 3，更正或冲销 0，未变 0，非本大厅人员 0，有误 1');
    expect(out).toContain('互助待遇：重新计算 2 人次，写入 2 条，新增待发放 2 条，待冲减 0 条');
    expect(out).toContain('出院日期不在任何互助期内的结算 1 条');
    expect(out).toContain('第5行：身份证号码“123”有误');
    await expect(run('settlement-load', { file: path.join(dir, 'none.csv') })).rejects.toThrow(UsageError);
    await expect(run('settlement-load', {})).rejects.toThrow('缺少参数 --file');
  });

  it('treatment-list lists with the state, the hold reason and the totals', async () => {
    const out = await run('treatment-list', { state: '待发放', period: '2026' });
    expect(out).toContain('待遇 ¥900.00  已发 ¥0.00  【待发放】');
    expect(out).toContain('⚠ 未登记银行卡');
    expect(out).toContain('共 2 条（列出 2 条），待遇合计 ¥1,350.00');
    expect(await run('treatment-list', { cert: people[0].certNo })).toContain('共 1 条');
    expect(await run('treatment-list', { state: 'paid' })).toBe('没有符合条件的互助待遇');
    await expect(run('treatment-list', { state: 'done' })).rejects.toThrow('请选择待遇状态');
    await expect(run('treatment-list', { period: '26' })).rejects.toThrow('互助年度须为 2000-2100 的年份');
  });

  it('treatment-pay makes a batch and names who is held', async () => {
    const out = await run('treatment-pay', { period: '2026', 'paid-on': '2026-11-20' });
    expect(out).toContain('发放批次 FF2026112200001（2026-11-20）：1 人 1 笔，转账合计 ¥900.00');
    expect(out).toContain('留待以后发放 1 人：');
    expect(out).toContain('未登记银行卡');
    expect(await runCommand(hall.app.hall, { command: 'treatment-pay', flags: {}, operator: 'ops-admin' })).toMatchObject({
      ok: false,
      usage: false,
      message: expect.stringContaining('没有可发放的互助待遇'),
    });
  });
});
