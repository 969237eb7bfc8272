import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readTable, type TableRow } from './table-file';
import { type ScanWork, type SheetRow, sharedStringItems, sheetRows } from './table-file-xlsx';
import { CSV_LINE_MAX_CHARS, TABLE_LIMIT_MESSAGES, TableRefused, XLSX_LIMITS } from './table-limits';
import { NS, repeated, workbook } from '../test/xlsx-parts';

const MB = 1024 * 1024;

/*
 * Hostile and degenerate workbooks, made here (test/xlsx-parts: a tiny ZIP writer over deflate blocks): the reader
 * refuses them with the clerk's message after a bounded amount of inflating, and reads long but
 * valid parts in linear work however they are cut.
 */

const ONE_ROW = `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`;

async function read(bytes: Buffer, format: 'xlsx' | 'csv' = 'xlsx') {
  const rows: TableRow[] = [];
  for await (const r of readTable(Readable.from([bytes]), format)) rows.push(r);
  return rows;
}

/** The refusal of reading `bytes`, which must be a TableRefused. */
async function refusal(bytes: Buffer, format: 'xlsx' | 'csv' = 'xlsx'): Promise<TableRefused> {
  const error = await read(bytes, format).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TableRefused);
  return error as TableRefused;
}

describe('hostile workbooks are refused after bounded work (table-limits)', () => {
  it('20 MB of shared strings in a 22 KB file: a compression ratio no sheet has, refused after about 1 MB', async () => {
    const sst = `<sst ${NS}>${`<si><t>${'a'.repeat(30_000)}</t></si>`.repeat(700)}</sst>`; // 21 MB of valid items
    const bytes = workbook({ sheet: ONE_ROW, strings: deflateRawSync(Buffer.from(sst), { level: 9 }) });
    expect(bytes.length).toBeLessThan(24_000);
    const error = await refusal(bytes);
    expect(error.message).toBe(TABLE_LIMIT_MESSAGES.ratio);
    expect(error.inflated).toBeLessThan(XLSX_LIMITS.RATIO_FLOOR_BYTES + MB);
  });

  it('a single unterminated 200 MB shared string: refused after about 1 MB (its ratio)', async () => {
    const strings = repeated(`<sst ${NS}><si><t>`, 'x'.repeat(MB), 200); // 200 MB inflated, about 200 KB compressed
    const error = await refusal(workbook({ sheet: ONE_ROW, strings }));
    expect(error.message).toBe(TABLE_LIMIT_MESSAGES.ratio);
    expect(error.inflated).toBeLessThan(XLSX_LIMITS.RATIO_FLOOR_BYTES + MB);
  });

  it('an unterminated shared string that compresses as text does: refused at the bound of an item, not buffered', async () => {
    const text = randomBytes(1.5 * MB).toString('base64'); // 2 MB of characters, compressed 1.3 : 1
    const error = await refusal(workbook({ sheet: ONE_ROW, strings: `<sst ${NS}><si><t>${text}` }));
    expect(error.message).toBe(TABLE_LIMIT_MESSAGES.cellTooLong());
    expect(error.inflated).toBeLessThan(XLSX_LIMITS.ITEM_XML_MAX_CHARS + 256 * 1024);
  });

  it('an unterminated row (an inline string that never ends): refused at the bound of a row, bomb or not', async () => {
    const bomb = repeated(`<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>`, 'y'.repeat(MB), 200);
    expect((await refusal(workbook({ sheet: bomb }))).message).toBe(TABLE_LIMIT_MESSAGES.ratio);
    const text = randomBytes(4 * MB).toString('base64'); // 5.3 MB of characters
    const sheet = `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row><row><c t="inlineStr"><is><t>${text}`;
    const error = await refusal(workbook({ sheet }));
    expect(error.message).toBe(TABLE_LIMIT_MESSAGES.rowTooLong(2));
    expect(error.inflated).toBeLessThan(XLSX_LIMITS.ROW_XML_MAX_CHARS + 256 * 1024);
  });

  it('200 MB of tiny shared strings for one row: refused after about 1 MB', async () => {
    const strings = repeated(`<sst ${NS}>`, '<si><t>a</t></si>'.repeat(60_000), 200, '</sst>'); // 12,000,000 strings
    const error = await refusal(workbook({ sheet: ONE_ROW, strings }));
    expect(error.message).toBe(TABLE_LIMIT_MESSAGES.ratio);
    expect(error.inflated).toBeLessThan(XLSX_LIMITS.RATIO_FLOOR_BYTES + MB);
  });

  it('a cell of 32,768 characters is refused (shared or inline); 32,767 is read', async () => {
    const long = (n: number) => '长'.repeat(n);
    const shared = (n: number) => workbook({ sheet: ONE_ROW, strings: `<sst ${NS}><si><t>${long(n)}</t></si></sst>` });
    const inline = (n: number) =>
      workbook({
        sheet: `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row><row r="2"><c r="B2" t="inlineStr"><is><r><t>${long(n - 1)}</t></r><r><t>短</t></r></is></c></row></sheetData></worksheet>`,
      });
    expect((await refusal(shared(32_768))).message).toBe(TABLE_LIMIT_MESSAGES.cellTooLong());
    expect((await refusal(inline(32_768))).message).toBe(TABLE_LIMIT_MESSAGES.cellTooLong(2));
    expect((await read(shared(32_767)))[0].cells[0]).toHaveLength(32_767);
    expect((await read(inline(32_767)))[1].cells[1]).toHaveLength(32_767);
  });

  it('an entity-heavy or rich-text cell within the limit is read: the bound is on the text, the XML may be longer', async () => {
    const amp = '&amp;'.repeat(32_767); // 163,835 characters of XML for 32,767 of text
    const bytes = workbook({ sheet: ONE_ROW, strings: `<sst ${NS}><si><t>${amp}</t></si></sst>` });
    expect((await read(bytes))[0].cells[0]).toBe('&'.repeat(32_767));
  });

  it('a small part (workbook.xml) past its cap is refused, stored or deflated', async () => {
    const big = Buffer.from(`<workbook ${NS}><!--${'z'.repeat(XLSX_LIMITS.SMALL_PART_MAX_BYTES)}--></workbook>`);
    const error = await refusal(workbook({ sheet: ONE_ROW, workbookXml: { data: big, stored: true } }));
    expect(error.message).toBe(TABLE_LIMIT_MESSAGES.partTooLarge(XLSX_LIMITS.SMALL_PART_MAX_BYTES));
    expect(error.inflated).toBeLessThan(XLSX_LIMITS.SMALL_PART_MAX_BYTES + MB);
  });

  it('holds at most SHARED_STRINGS_MAX_COUNT strings of SHARED_STRINGS_MAX_CHARS characters (limits shrunk for the test)', async () => {
    const limits = { ...XLSX_LIMITS, SHARED_STRINGS_MAX_COUNT: 1000, SHARED_STRINGS_MAX_CHARS: 5000 };
    const items = (n: number, text: string) => Readable.from([`<sst ${NS}>`, `<si><t>${text}</t></si>`.repeat(n), '</sst>']);
    expect(await sharedStringItems(items(1000, 'abcde'), limits)).toHaveLength(1000);
    await expect(sharedStringItems(items(1001, 'a'), limits)).rejects.toThrow(TABLE_LIMIT_MESSAGES.tooManyStrings);
    await expect(sharedStringItems(items(501, 'abcdefghij'), limits)).rejects.toThrow(TABLE_LIMIT_MESSAGES.tooManyStrings);
  });

  it('a broken deflate stream is not a readable workbook (not a fault)', async () => {
    const bytes = workbook({ sheet: Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x11]) });
    await expect(read(bytes)).rejects.toThrow(/not a readable .xlsx file: broken compressed data/);
  });
});

describe('long valid parts are read in linear work, however they are cut', () => {
  /** The text cut into pieces of `size` characters. */
  async function* pieces(text: string, size: number) {
    for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
  }

  it('shared strings of the longest cells, cut in pieces of 16 characters: the same items, each character searched about once', async () => {
    const items = ['一'.repeat(32_767), 'b', `${'&lt;'.repeat(5000)}c`, '', 'x'.repeat(20_000)];
    const sst = `<sst ${NS} count="5">${items.map((t) => (t ? `<si><r><t>${t}</t></r><rPh sb="0" eb="1"><t>ヨミ</t></rPh></si>` : '<si/>')).join('')}</sst>`;
    const whole = await sharedStringItems(pieces(sst, sst.length));
    expect(whole).toEqual(['一'.repeat(32_767), 'b', `${'<'.repeat(5000)}c`, '', 'x'.repeat(20_000)]);
    const work: ScanWork = { scanned: 0 };
    expect(await sharedStringItems(pieces(sst, 16), XLSX_LIMITS, work)).toEqual(whole);
    // Searched once and joined once: about twice the text, never a multiple of its length in pieces.
    expect(work.scanned).toBeGreaterThanOrEqual(sst.length);
    expect(work.scanned).toBeLessThan(3 * sst.length);
  });

  it('a sheet of long rows, cut in pieces of 16 characters: the same rows, each character searched about once', async () => {
    const row = (r: number) =>
      `<row r="${r}" spans="1:3"><c r="A${r}" t="inlineStr"><is><t>${'行'.repeat(30_000)}${r}</t></is></c><c r="B${r}"><v>${r}</v></c></row>`;
    const sheet = `<worksheet ${NS}><sheetData>${[1, 2, 3, 4].map(row).join('')}<row r="9"/></sheetData><rowBreaks count="0"/></worksheet>`;
    const collect = async (chunks: AsyncIterable<string>, work?: ScanWork) => {
      const out: SheetRow[] = [];
      for await (const batch of sheetRows(chunks, [], XLSX_LIMITS, work)) out.push(...batch);
      return out;
    };
    const whole = await collect(pieces(sheet, sheet.length));
    expect(whole.map(([n, cells, numeric]) => [n, cells.length, numeric])).toEqual([
      [1, 2, [1]],
      [2, 2, [1]],
      [3, 2, [1]],
      [4, 2, [1]],
      [9, 0, undefined],
    ]);
    const work: ScanWork = { scanned: 0 };
    expect(await collect(pieces(sheet, 16), work)).toEqual(whole);
    expect(work.scanned).toBeGreaterThanOrEqual(sheet.length);
    expect(work.scanned).toBeLessThan(3 * sheet.length);
  });
});

describe('CSV lines', () => {
  it('a line longer than CSV_LINE_MAX_CHARS is refused with its row number, not held', async () => {
    const text = `姓名,身份证号码\n张三,1\n${'x'.repeat(CSV_LINE_MAX_CHARS + 1)}`;
    const error = await refusal(Buffer.from(text), 'csv');
    expect(error.message).toBe(TABLE_LIMIT_MESSAGES.csvLineTooLong(3));
    const ok = `姓名,身份证号码\n${'y'.repeat(CSV_LINE_MAX_CHARS - 10)},2\n`;
    expect((await read(Buffer.from(ok), 'csv'))[1].cells[0]).toHaveLength(CSV_LINE_MAX_CHARS - 10);
  });
});

describe('numeric cells', () => {
  it('a row says which of its cells the workbook holds as numbers (no type or t="n"), not texts of any kind', async () => {
    const bytes = workbook({
      sheet:
        `<worksheet ${NS}><sheetData><row r="1">` +
        '<c r="A1"><v>6.22202000000001E+18</v></c>' +
        '<c r="B1" t="n"><v>430102198503150016</v></c>' +
        '<c r="C1" t="s"><v>0</v></c>' +
        '<c r="D1" t="inlineStr"><is><t>13800000000</t></is></c>' +
        '<c r="E1" t="str"><f>A1</f><v>6222020000000000123</v></c>' +
        '<c r="F1"><f>1+1</f><v>2</v></c>' +
        '<c r="G1" s="1"/>' +
        '</row><row r="2"><c r="A2" t="s"><v>0</v></c></row></sheetData></worksheet>',
      strings: `<sst ${NS}><si><t>430102198503150022</t></si></sst>`,
    });
    const rows = await read(bytes);
    expect(rows[0].numeric).toEqual([0, 1, 5]);
    expect(rows[0].cells[0]).toBe('6222020000000010240'); // the double's digits, not the card's
    expect(rows[1]).toEqual({ rowNo: 2, cells: ['430102198503150022'] });
  });
});
