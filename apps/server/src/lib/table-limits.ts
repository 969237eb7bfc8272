import { Code } from '@hall/shared';
import { HallError } from './hall-error';

/**
 * What an imported table file (lib/table-file.ts: .xlsx through table-file-xlsx.ts and
 * zip-entries.ts, or CSV) may hold before the reader refuses it. Every import reads through
 * readTableBatches (rosters, application imports, enterprises, the operator's registry and
 * settlement loads), so every import has these limits. The figures (docs/architecture.md,
 * "Imported tables"):
 *
 * - The largest legitimate file is a roster of 460,000 rows (500,000 allowed). Generated with the
 *   template's seven columns, every row with a phone, a bank card and a 20-character bank name:
 *   as inline strings (as exceljs and the bench write it) 21.8 MB, its sheet part 218 MB
 *   inflated; with shared strings (as Excel writes it) 23.3 MB, the sheet 161 MB and the shared
 *   strings 44 MB: 1,380,471 strings of 22,081,445 characters in all. A part may inflate to
 *   PART_MAX_BYTES (512 MiB: 2.3 times the largest measured, room for extra columns). A
 *   settlement sheet measured 843 bytes a row: 512 MiB hold about 637,000 (a larger file: CSV).
 * - Compression ratios measured: those sheets 8.5–10×, their shared strings 9.8×, the small parts
 *   2–4×; the most compressible sheets a clerk can make (every cell of 100,000 rows formatted but
 *   empty, one value in every cell, a million empty rows) 9–28×. A deflate bomb is about 1000×.
 *   Past RATIO_FLOOR_BYTES a part may not inflate to more than RATIO_MAX (100) times the
 *   compressed bytes read so far: checked while inflating, so a bomb stops within a few MB.
 * - A cell holds at most CELL_MAX_CHARS characters (Excel's own limit, 32,767). A shared string
 *   or a cell's XML may be longer than its text (entities, rich text runs) but not longer than
 *   ITEM_XML_MAX_CHARS, a row's XML not longer than ROW_XML_MAX_CHARS: an element that is not
 *   closed by then is refused, not buffered.
 * - Shared strings held in memory: at most SHARED_STRINGS_MAX_COUNT strings (4,000,000: 2.9
 *   times the measured roster's) of SHARED_STRINGS_MAX_CHARS characters in all (64 Mi: 3 times).
 * - A CSV line is at most CSV_LINE_MAX_CHARS characters (32 cells of the cell limit).
 */
export const XLSX_LIMITS = {
  PART_MAX_BYTES: 512 * 1024 * 1024,
  /** The small parts read whole (workbook.xml and its relationships). */
  SMALL_PART_MAX_BYTES: 8 * 1024 * 1024,
  RATIO_MAX: 100,
  RATIO_FLOOR_BYTES: 1024 * 1024,
  CELL_MAX_CHARS: 32_767,
  ITEM_XML_MAX_CHARS: 1024 * 1024,
  ROW_XML_MAX_CHARS: 4 * 1024 * 1024,
  SHARED_STRINGS_MAX_COUNT: 4_000_000,
  SHARED_STRINGS_MAX_CHARS: 64 * 1024 * 1024,
};
export type XlsxLimits = typeof XLSX_LIMITS;

export const CSV_LINE_MAX_CHARS = 32 * XLSX_LIMITS.CELL_MAX_CHARS;

const MB = 1024 * 1024;

/** The clerk's messages (the import's refusal, as it stands). */
export const TABLE_LIMIT_MESSAGES = {
  partTooLarge: (maxBytes: number) => `文件内容过多：表格解压后超过${maxBytes / MB}MB，无法读取，请拆分后分批导入`,
  ratio: `文件无法读取：其中的数据压缩比异常（解压后超过压缩前的${XLSX_LIMITS.RATIO_MAX}倍），不是正常填写的表格，请使用下载的模板重新填写后上传`,
  cellTooLong: (rowNo?: number) =>
    `${rowNo ? `第${rowNo}行` : '文件中'}有单元格超过${XLSX_LIMITS.CELL_MAX_CHARS}个字符（Excel单元格的上限），无法读取，请检查后重新上传`,
  rowTooLong: (rowNo: number) => `第${rowNo}行的内容过长，无法读取，请检查后重新上传`,
  tooManyStrings: `文件中的文字内容过多（超过${XLSX_LIMITS.SHARED_STRINGS_MAX_COUNT}项或${XLSX_LIMITS.SHARED_STRINGS_MAX_CHARS / MB}M个字符），无法读取，请拆分后分批导入`,
  csvLineTooLong: (rowNo: number) => `第${rowNo}行超过${CSV_LINE_MAX_CHARS}个字符，无法读取，请检查文件（CSV文件每行一条记录）`,
  csvQuote: (rowNo: number) =>
    `第${rowNo}行的引号（"）没有成对，无法读取，请检查文件（含逗号或换行的内容须用一对引号括起，内容中的引号须写作两个引号）`,
} as const;

/**
 * A table file the reader refuses for its size or shape: a refusal (HallError, code 1) with the
 * clerk's message, which every import passes on as it is. `inflated`: the bytes the .xlsx reader
 * had inflated when it refused (the tests hold the work to a bound with it).
 */
export class TableRefused extends HallError {
  inflated?: number;
  constructor(message: string) {
    super(Code.FAIL, message);
  }
}
