import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath, ROSTER_COLUMNS, STAFF_MESSAGES } from '@hall/shared';
import { persons, staff } from '../../db/schema';
import { TABLE_LIMIT_MESSAGES } from '../../lib/table-limits';
import type { TestHall } from '../../test/harness';
import { certNoOf, nameOf } from '../../test/staff-fixtures';
import { createStaffHall, HEADER, importRoster } from '../../test/staff-hall';
import { NS, repeated, workbook } from '../../test/xlsx-parts';

/*
 * The roster import and the cells of a clerk's workbook: a workbook the reader refuses (a bomb)
 * answers the reader's message; ID numbers and cards held as numbers refuse their rows; full-width
 * digits are read as digits; the template keeps those columns text below its example row.
 */

let hall: TestHall;
let token: string;

beforeAll(async () => {
  ({ hall, token } = await createStaffHall());
});
afterAll(() => hall.close());

const columnOf = (key: string) => ROSTER_COLUMNS.findIndex((c) => c.key === key);

/** A roster workbook of these rows below the header (as exceljs writes it: numbers as numeric cells, strings as strings). */
async function roster(rows: unknown[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('名单');
  sheet.addRow(HEADER.split(','));
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('the roster import and the cells of a workbook', () => {
  it('refuses a compression bomb with the reader’s message, after a bounded amount of inflating', async () => {
    const strings = repeated(`<sst ${NS}>`, '<si><t>a</t></si>'.repeat(60_000), 200, '</sst>'); // 200 MB of tiny strings in 200 KB
    const sheet = `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`;
    const answer = await importRoster(hall, '名单.xlsx', workbook({ sheet, strings }), token);
    expect(answer).toMatchObject({ code: 1, message: TABLE_LIMIT_MESSAGES.ratio });
  });

  it('refuses each row whose ID number, card or phone the workbook holds as a number; reads the same row as text', async () => {
    const bytes = await roster([
      [nameOf(1), Number(certNoOf(1)), '在职职工', '', '中国工商银行', '6222020000000000123', '2025-03-01'],
      [nameOf(2), certNoOf(2), '在职职工', '', '中国工商银行', Number('6222020000000000123'), '2025-03-01'],
      [nameOf(3), certNoOf(3), '在职职工', 13800000003, '', '', '2025-03-01'],
      [nameOf(4), certNoOf(4), '在职职工', '13800000004', '中国工商银行', '6222020000000000123', '2025-03-01'],
    ]);
    const preview = await importRoster(hall, '名单.xlsx', bytes, token);
    expect(preview.data).toMatchObject({ total: 4, valid: 1, invalid: 3 });
    expect(preview.data.invalidRows.map((r: { rowNo: number; reason: string }) => [r.rowNo, r.reason])).toEqual([
      [2, '身份证号码须以文本格式填写（数字单元格会丢失末位数字，请将该列设为文本后重新输入）'],
      [3, '银行卡号须以文本格式填写（数字单元格会丢失末位数字，请将该列设为文本后重新输入）'],
      [4, '联系电话须以文本格式填写（请将该列设为文本后重新输入）'],
    ]);
    expect(STAFF_MESSAGES.certNoAsNumber).toBe(preview.data.invalidRows[0].reason);
    await hall.post(ApiPath.staffImportDiscard, { batchId: preview.data.batchId }, token);
  });

  it('reads full-width digits and spaces as digits (NFKC): the ID number, phone and card are stored normalised', async () => {
    const fullWidth = (s: string) => s.replace(/[0-9X]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    const bytes = await roster([
      [
        nameOf(5),
        `${fullWidth(certNoOf(5))}\u3000`,
        '在职职工',
        fullWidth('13800000005'),
        '中国工商银行',
        `６２２２\u3000０２００\u3000００００\u3000０００１\u3000２３４`,
        '2025-03-01',
      ],
    ]);
    const preview = await importRoster(hall, '名单.xlsx', bytes, token);
    expect(preview.data).toMatchObject({ total: 1, valid: 1, invalid: 0 });
    expect((await hall.post(ApiPath.staffImportConfirm, { batchId: preview.data.batchId }, token)).data.added).toBe(1);
    const stored = await hall.db
      .select({ bankCard: persons.bankCard, phone: staff.phone })
      .from(persons)
      .innerJoin(staff, eq(staff.personId, persons.id))
      .where(eq(persons.certNo, certNoOf(5)));
    expect(stored).toEqual([{ bankCard: '6222020000000001234', phone: '13800000005' }]);
  });

  it('the template keeps the ID number, phone and card columns text below its example row', async () => {
    const res = await hall.download(ApiPath.staffTemplate, {}, token);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    for (const key of ['certNo', 'phone', 'bankCard']) {
      const col = columnOf(key) + 1;
      expect([key, sheet.getColumn(col).numFmt]).toEqual([key, '@']);
      for (const row of [3, 100, 5000]) expect([key, row, sheet.getCell(row, col).numFmt]).toEqual([key, row, '@']);
    }
  });
});
