import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readTable, writeTable } from './table-file';

describe('reading a Chinese workbook as a stream', () => {
  it('keeps every character whose bytes straddle two chunks (exceljs decoded chunks one by one)', async () => {
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (b: Buffer) => parts.push(b));
    const rows = Array.from({ length: 20_000 }, (_, i) => [`职工${i}`, i % 2 ? '在职职工' : '退休职工', '中国工商银行长沙分行']);
    await writeTable(
      out,
      '名单',
      [
        { header: '姓名', key: 'a' },
        { header: '人员类别', key: 'b' },
        { header: '开户银行', key: 'c' },
      ],
      rows,
    );
    const bad: string[][] = [];
    let n = 0;
    for await (const r of readTable(Readable.from(Buffer.concat(parts)), 'xlsx')) {
      if (r.rowNo === 1) continue;
      const want = rows[r.rowNo - 2];
      if (r.cells.join() !== want.join()) bad.push(r.cells);
      n++;
    }
    expect(n).toBe(20_000);
    expect(bad).toEqual([]);
  });
});
