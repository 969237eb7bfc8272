import { CELL_FORMATS, cellValue, type WriteColumn } from './table-cells';

/** A workbook of one sheet being written: rows go in, the .xlsx bytes come out of its stream. */
export interface SheetWriter {
  /** Writes one row (its values as the columns' kinds make them). */
  add(row: readonly unknown[]): void;
  /** Ends the sheet and the workbook: the stream has every byte when it resolves. */
  commit(): Promise<void>;
}

/**
 * Opens a workbook of one sheet on a stream: header bold and frozen, each column as its kind (text
 * when it has none). The same writer serves the main thread (templates, tests) and the export
 * worker (export-worker.ts), so both write the same bytes.
 */
export async function openSheet(out: NodeJS.WritableStream, sheetName: string, columns: readonly WriteColumn[]): Promise<SheetWriter> {
  // Loaded at the first export, not at start: exceljs alone is about a third of the server's start-up CPU.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out as never, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  const kinds = columns.map((c) => c.kind ?? 'text');
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: c.key,
    width: c.width ?? 16,
    style: { numFmt: CELL_FORMATS[kinds[i]] },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  // One style object per column, shared by its cells: exceljs finds a style it has seen by the
  // object (a WeakMap), while the copy each new cell gets costs it a style built as XML and looked
  // up again, per cell (half the CPU of an export).
  const styles = kinds.map((kind) => ({ numFmt: CELL_FORMATS[kind] }));
  return {
    add(r) {
      const row = sheet.addRow(r.map((v, i) => cellValue(kinds[i] ?? 'text', v)));
      for (let i = 0; i < Math.min(r.length, styles.length); i++) row.getCell(i + 1).style = styles[i];
      row.commit();
    },
    async commit() {
      await sheet.commit();
      await book.commit();
    },
  };
}
