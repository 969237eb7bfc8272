import { PassThrough, Readable } from 'node:stream';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readTable, writeTable } from './table-file';
import { type SheetRow, sharedStringItems, sheetRows } from './table-file-xlsx';

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook made by hand (parts in the order given), as other programs than exceljs write them. */
async function book(opts: {
  sheets: Record<string, string>;
  /** Sheet part names in the workbook's (tab) order; default: the order of `sheets`. */
  order?: string[];
  strings?: string[];
  stringsFirst?: boolean;
  compression?: 'DEFLATE' | 'STORE';
  streamFiles?: boolean;
}) {
  const zip = new JSZip();
  const names = opts.order ?? Object.keys(opts.sheets);
  const rels = names.map((n, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/${n}"/>`);
  if (opts.strings) rels.push(`<Relationship Id="rIdS" Type="${REL_NS}/sharedStrings" Target="/xl/sharedStrings.xml"/>`);
  const sst = () =>
    zip.file('xl/sharedStrings.xml', `<?xml version="1.0"?><sst ${NS} count="${opts.strings!.length}">${opts.strings!.join('')}</sst>`);
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types/>');
  if (opts.strings && opts.stringsFirst) sst();
  zip.file(
    'xl/workbook.xml',
    `<?xml version="1.0"?><workbook ${NS} xmlns:rel="${REL_NS}"><sheets>${names
      .map((_n, i) => `<sheet name="S${i}" sheetId="${i + 1}" rel:id="rId${i + 1}"/>`)
      .join('')}</sheets></workbook>`,
  );
  zip.file('xl/_rels/workbook.xml.rels', `<?xml version="1.0"?><Relationships xmlns="x">${rels.join('')}</Relationships>`);
  for (const [name, data] of Object.entries(opts.sheets))
    zip.file(`xl/worksheets/${name}`, `<?xml version="1.0"?><worksheet ${NS}><sheetData>${data}</sheetData></worksheet>`);
  if (opts.strings && !opts.stringsFirst) sst();
  return zip.generateAsync({ type: 'nodebuffer', compression: opts.compression ?? 'DEFLATE', streamFiles: opts.streamFiles });
}

async function rows(bytes: Buffer, chunk = 7) {
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) parts.push(bytes.subarray(i, i + chunk));
  const out: Array<[number, string[]]> = [];
  for await (const r of readTable(Readable.from(parts), 'xlsx')) out.push([r.rowNo, r.cells]);
  return out;
}

describe('reading .xlsx sheets (table-file-xlsx)', () => {
  it('reads shared strings written after the sheet (as Excel does), rich text joined, phonetic runs left out', async () => {
    const bytes = await book({
      sheets: {
        'sheet1.xml':
          '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
          '<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="s"><v>3</v></c></row>',
      },
      strings: [
        '<si><t>姓名</t></si>',
        '<si><t xml:space="preserve"> 身份证号码 </t></si>',
        '<si><r><rPr><b/></rPr><t>张</t></r><r><t>三</t></r><rPh sb="0" eb="1"><t>ちょう</t></rPh></si>',
        '<si><t>43010219850315002X</t></si>',
      ],
    });
    expect(await rows(bytes)).toEqual([
      [1, ['姓名', '身份证号码']],
      [2, ['张三', '43010219850315002X']],
    ]);
  });

  it('reads shared strings and rows cut into chunks anywhere (even inside "<si" or "<row")', async () => {
    const sst = `<sst ${NS}><si><t>张三</t></si><si/><si><r><t>李</t></r><r><t>四</t></r></si><si><t xml:space="preserve"> 王五 </t></si></sst>`;
    const sheet =
      '<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>3</v></c></row><row r="2" spans="1:2"/>' +
      '<row r="3"><c r="A3" t="s"><v>2</v></c><c r="C3" t="inlineStr"><is><t>赵六</t></is></c></row></sheetData><rowBreaks count="0"/>';
    async function* cut(text: string, at: number) {
      yield text.slice(0, at);
      yield text.slice(at);
    }
    const rowsOf = async (chunks: AsyncIterable<string>, strings: string[]) => {
      const out: SheetRow[] = [];
      for await (const batch of sheetRows(chunks, strings)) out.push(...batch);
      return out;
    };
    const strings = await sharedStringItems(cut(sst, 0));
    expect(strings).toEqual(['张三', '', '李四', '王五']);
    const whole = await rowsOf(cut(sheet, 0), strings);
    expect(whole).toEqual([
      [1, ['张三', '王五']],
      [2, []],
      [3, ['李四', '', '赵六']],
    ]);
    for (let at = 1; at < sst.length; at++) expect([at, await sharedStringItems(cut(sst, at))]).toEqual([at, strings]);
    for (let at = 1; at < sheet.length; at++) expect([at, await rowsOf(cut(sheet, at), strings)]).toEqual([at, whole]);
  });

  it('reads shared strings that come first, stored entries and data descriptors alike', async () => {
    const sheets = { 'sheet1.xml': '<row r="1"><c r="A1" t="s"><v>1</v></c><c r="B1" t="s"><v>0</v></c></row>' };
    const strings = ['<si><t>在职职工</t></si>', '<si><t>退休</t></si>', '<si/>'];
    for (const variant of [
      { stringsFirst: true },
      { compression: 'STORE' as const },
      { streamFiles: true },
      { streamFiles: true, compression: 'STORE' as const },
    ])
      expect(await rows(await book({ sheets, strings, ...variant }))).toEqual([[1, ['退休', '在职职工']]]);
  });

  it('reads every kind of cell as the text a clerk typed', async () => {
    const bytes = await book({
      sheets: {
        'sheet1.xml':
          '<row r="1">' +
          '<c r="A1" t="inlineStr"><is><t>李&amp;四 &lt;&#x4E00;&#19968;&gt;</t></is></c>' +
          '<c r="B1" t="inlineStr"><is><r><t>王</t></r><r><t xml:space="preserve">五 </t></r></is></c>' +
          '<c r="C1"><v>4.30102198503150E+17</v></c>' +
          '<c r="D1" s="3"><v>45352</v></c>' +
          '<c r="E1"><v>1.5</v></c>' +
          '<c r="F1" t="b"><v>1</v></c>' +
          '<c r="G1" t="e"><v>#N/A</v></c>' +
          '<c r="H1" t="str"><f>A1</f><v>公式结果</v></c>' +
          '<c r="I1"><f>1+1</f><v>2</v></c>' +
          '<c r="J1" t="d"><v>2024-03-01T00:00:00</v></c>' +
          '<c r="K1" s="1"/>' +
          '<c r="L1" t="str"><v>  </v></c>' +
          '<c r="M1"><v>13800000000</v></c>' +
          '</row>',
      },
    });
    expect(await rows(bytes, 3)).toEqual([
      [
        1,
        [
          '李&四 <一一>',
          '王五',
          '430102198503150016',
          '45352',
          '1.5',
          'true',
          '#N/A',
          '公式结果',
          '2',
          '2024-03-01',
          '',
          '',
          '13800000000',
        ],
      ],
    ]);
  });

  it('places cells by their reference, numbers rows without one, keeps row numbers across gaps', async () => {
    const bytes = await book({
      sheets: {
        'sheet1.xml':
          '<row r="1"><c r="B1" t="inlineStr"><is><t>b</t></is></c><c r="D1" t="inlineStr"><is><t>d</t></is></c></row>' +
          '<row><c t="inlineStr"><is><t>x</t></is></c><c t="inlineStr"><is><t>y</t></is></c></row>' +
          '<row r="5" spans="1:2"/>' +
          '<row r="7"><c r="AA7"><v>1</v></c></row>' +
          '<row><c r="A8" t="inlineStr"><is><t>z</t></is></c></row>',
      },
    });
    const read = await rows(bytes);
    expect(read.map(([n]) => n)).toEqual([1, 2, 7, 8]);
    expect(read[0][1]).toEqual(['', 'b', '', 'd']);
    expect(read[1][1]).toEqual(['x', 'y']);
    expect(read[2][1]).toHaveLength(27);
    expect(read[2][1][26]).toBe('1');
    expect(read[3][1]).toEqual(['z']);
  });

  it('reads the first sheet in the workbook’s order, not the archive’s', async () => {
    const bytes = await book({
      sheets: {
        'sheet1.xml': '<row r="1"><c r="A1" t="inlineStr"><is><t>第二个</t></is></c></row>',
        'sheet2.xml': '<row r="1"><c r="A1" t="inlineStr"><is><t>第一个</t></is></c></row>',
      },
      order: ['sheet2.xml', 'sheet1.xml'],
    });
    expect(await rows(bytes)).toEqual([[1, ['第一个']]]);
  });

  it('refuses what is not a workbook', async () => {
    await expect(rows(Buffer.from('姓名,身份证号码\n张三,430102198503150022\n'))).rejects.toThrow(/not a readable .xlsx/);
    const zip = new JSZip();
    zip.file('word/document.xml', '<w:document/>');
    await expect(rows(await zip.generateAsync({ type: 'nodebuffer' }))).rejects.toThrow(/no worksheet/);
  });
});

describe('reading a Chinese workbook as a stream', () => {
  it('keeps every character whose bytes straddle two inflated chunks (exceljs 4.4.0 decoded chunks one by one)', async () => {
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
