import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { locateColumns, readTable, writeTable } from './table-file';

async function collect(input: Readable, format: 'xlsx' | 'csv') {
  const rows = [];
  for await (const r of readTable(input, format)) rows.push(r);
  return rows;
}

async function xlsxBytes(rows: unknown[][]) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve) => out.on('end', resolve));
  await writeTable(
    out,
    '名单',
    [
      { header: '姓名', key: 'name' },
      { header: '身份证号码', key: 'certNo' },
    ],
    rows,
  );
  await done;
  return Buffer.concat(chunks);
}

describe('table files', () => {
  it('writes a workbook and reads it back, ID numbers as text, blank rows skipped', async () => {
    const bytes = await xlsxBytes([
      ['张三', '43010219850315002X'],
      ['', ''],
      ['李四', '430102198503150022'],
    ]);
    const rows = await collect(Readable.from([bytes]), 'xlsx');
    expect(rows).toEqual([
      { rowNo: 1, cells: ['姓名', '身份证号码'] },
      { rowNo: 2, cells: ['张三', '43010219850315002X'] },
      { rowNo: 4, cells: ['李四', '430102198503150022'] },
    ]);
  });

  it('reads CSV with a BOM, quotes, CRLF and a line split across chunks', async () => {
    const text = '\uFEFF姓名,身份证号码\r\n"王, 五",430102198503150022\r\n赵六,"4301"';
    const chunks = [Buffer.from(text).subarray(0, 20), Buffer.from(text).subarray(20)];
    const rows = await collect(Readable.from(chunks), 'csv');
    expect(rows.map((r) => r.cells)).toEqual([
      ['姓名', '身份证号码'],
      ['王, 五', '430102198503150022'],
      ['赵六', '4301'],
    ]);
  });

  it('locates columns by header in any order and names the missing ones', () => {
    const cols = [
      { header: '姓名', key: 'name' },
      { header: '身份证号码', key: 'certNo' },
      { header: '手机号码', key: 'phone', required: false },
    ];
    expect(locateColumns(['身份证号码', '*姓名'], cols)).toEqual({ certNo: 0, name: 1 });
    expect(locateColumns(['姓名'], cols)).toEqual({ missing: ['身份证号码'] });
  });
});
