import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { locateColumns, readTable, readTableBatches, type TableRow, writeTable } from './table-file';
import { CSV_LINE_MAX_CHARS, TABLE_LIMIT_MESSAGES } from './table-limits';

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

/** The bytes cut in pieces of `size`. */
function pieces(bytes: Buffer, size: number) {
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
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

  it('reads a quoted field with a line break, a comma and doubled quotes as one cell; the row number is the record’s (the row Excel shows)', async () => {
    const text = '姓名,备注,身份证号码\r\n张三," 住院, 第一次\n说明：""急诊""转入 ",430102198503150022\r\n\r\n李四,无,"4301"\r\n';
    const expected = [
      { rowNo: 1, cells: ['姓名', '备注', '身份证号码'] },
      { rowNo: 2, cells: ['张三', '住院, 第一次\n说明："急诊"转入', '430102198503150022'] },
      { rowNo: 4, cells: ['李四', '无', '4301'] },
    ];
    expect(await collect(Readable.from([Buffer.from(text)]), 'csv')).toEqual(expected);
    // Cut anywhere: inside the quoted field, between CR and LF, inside a character.
    for (const size of [1, 2, 3, 5, 8, 13, 21])
      expect(await collect(Readable.from(pieces(Buffer.from(text), size)), 'csv')).toEqual(expected);
  });

  it('reads records as csv-parse reads the whole file, however the file is cut', async () => {
    const line = (i: number) =>
      i % 7 === 3
        ? `${i},"多行\n第${i}条, ""引号""\r\n结束"`
        : i % 17 === 4
          ? `${i},"第一行\n没有引号的第二行\n\n第四行",${i % 2 ? '"x"' : 'y'}`
          : i % 11 === 5
            ? ''
            : i % 13 === 0
              ? `${i}, 有空格 ,"a""b", "c" `
              : i % 19 === 1
                ? `${i},5"寸,x`
                : `${i},职工${i},x`;
    const text = `${Array.from({ length: 400 }, (_, i) => line(i)).join('\r\n')}\r\n最后,一行`;
    const whole = parse(text, { relax_quotes: true, relax_column_count: true, record_delimiter: ['\r\n', '\n'], trim: true });
    const expected = whole
      .map((cells, i) => ({ rowNo: i + 1, cells: cells.map((c) => c.trim()) }))
      .filter((r) => r.cells.some((c) => c !== ''));
    for (const size of [1, 7, 64, 1000, 100_000])
      expect(await collect(Readable.from(pieces(Buffer.from(text), size)), 'csv')).toEqual(expected);
    // A batch for each piece read (one await per batch, not per row).
    const batches: TableRow[][] = [];
    for await (const batch of readTableBatches(Readable.from(pieces(Buffer.from(text), 500)), 'csv')) batches.push(batch);
    expect(batches.length).toBeGreaterThan(5);
    expect(batches.flat()).toEqual(expected);
  });

  it('reads GBK (Excel’s “CSV (逗号分隔)” in zh-CN), UTF-8 with a BOM and UTF-8 without', async () => {
    // 姓名,身份证号码 / 张三,430102198503150022 / 李四,"住院，\n急诊" in GBK, CRLF.
    const gbk = Buffer.from(
      'd0d5c3fb2cc9edb7ddd6a4bac5c2eb0d0a' +
        'd5c5c8fd2c3433303130323139383530333135303032320d0a' +
        'c0eecbc42c22d7a1d4baa3ac0abcb1d5ef220d0a',
      'hex',
    );
    const expected = [
      ['姓名', '身份证号码'],
      ['张三', '430102198503150022'],
      ['李四', '住院，\n急诊'],
    ];
    const utf8 = Buffer.from('姓名,身份证号码\r\n张三,430102198503150022\r\n李四,"住院，\n急诊"\r\n');
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]);
    for (const bytes of [gbk, utf8, bom])
      for (const size of [1, 2, 3, 1000]) {
        const rows = await collect(Readable.from(pieces(bytes, size)), 'csv');
        expect(rows.map((r) => r.cells)).toEqual(expected);
      }
    // The first Chinese character 100 KB into the file: ASCII reads the same in both, the encoding is decided there.
    const head = Array.from({ length: 5000 }, (_, i) => `A${i},${i}`).join('\r\n');
    for (const tail of [Buffer.from('d5c5c8fd2c310d0a', 'hex'), Buffer.from('张三,1\r\n')]) {
      const rows = await collect(Readable.from(pieces(Buffer.concat([Buffer.from(`${head}\r\n`), tail]), 65_536)), 'csv');
      expect(rows).toHaveLength(5001);
      expect(rows[5000]).toEqual({ rowNo: 5001, cells: ['张三', '1'] });
    }
  });

  it('refuses a quote never closed, and a quoted record longer than a CSV line may be, with its row number', async () => {
    const open = `姓名,备注\n张三,1\n李四,"没有结束\n王五,2\n`;
    await expect(collect(Readable.from([Buffer.from(open)]), 'csv')).rejects.toThrow(TABLE_LIMIT_MESSAGES.csvQuote(3));
    // Text after a closing quote (Excel writes "a""b", not "a"b): refused with its row, not guessed at.
    await expect(collect(Readable.from([Buffer.from('姓名,备注\n\n张三,"a"b\n')]), 'csv')).rejects.toThrow(
      TABLE_LIMIT_MESSAGES.csvQuote(3),
    );
    const long = `姓名,备注\n张三,"${'很长\n'.repeat(CSV_LINE_MAX_CHARS / 3)}`;
    await expect(collect(Readable.from(pieces(Buffer.from(long), 65_536)), 'csv')).rejects.toThrow(TABLE_LIMIT_MESSAGES.csvQuote(2));
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
