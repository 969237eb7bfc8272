import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TABLE_LIMIT_MESSAGES, TableRefused, XLSX_LIMITS, type XlsxLimits } from './table-limits';
import { centralDirectory, entryText, type Inflated, NotXlsx, wholeText, type ZipEntry } from './zip-entries';

/**
 * The cells of an .xlsx file's first sheet, row by row, as the texts a clerk typed: a lean reader
 * for imports (rosters of 460,000 rows), in place of exceljs's streaming reader, which builds a
 * row object, cell objects and SAX events for every cell and spills the sheet to a temporary file
 * whenever the sheet comes before the shared strings in the archive (as Excel writes it).
 *
 * - The upload is written to a temporary file as it arrives (never whole in memory; removed at
 *   once, read through the open handle), so the archive's central directory is read first and
 *   the shared strings before the sheet, whatever order the writer chose.
 * - The first sheet is the first in the workbook's order (xl/workbook.xml and its relationships),
 *   else the first worksheet of the archive.
 * - The sheet's XML is inflated as a stream and decoded with a streaming UTF-8 decoder (a
 *   character whose bytes straddle two chunks stays whole), then scanned for `<row>` and `<c>`
 *   elements: shared strings (t="s"), inline strings (`<is><t>`, rich text runs joined, phonetic
 *   runs left out), formula results (t="str" and numbers), booleans (true/false), errors (#N/A),
 *   ISO dates (t="d"); numbers without exponent (the double's digits), styles ignored (a date
 *   cell reads as its serial day number, which the row checks accept). Texts are trimmed; columns from the cell reference (A1), empty ones ''.
 * - Each row also says which of its cells the workbook holds as numbers (no type, or t="n"): an
 *   ID number or a card typed as a number has lost its last digits (a double keeps 15 to 17), so
 *   the imports refuse such cells where a text belongs.
 * - Linear and bounded (table-limits.ts): each character of a part is searched a bounded number of
 *   times (an element cut by a chunk's end is resumed where the search stopped, not searched again
 *   from its start), a part may not inflate past a size or a compression ratio, a cell not be
 *   longer than Excel allows, an element not closed within its bound is refused, not buffered,
 *   and the shared strings held are counted. A refusal is TableRefused, with the clerk's message.
 *
 * Yields [rowNumber, cells, numeric?] for every row element (rowNumber from r="…", else the one
 * after the last; numeric: the columns holding numbers, absent when none), in batches (those of
 * one inflated chunk). Throws NotXlsx on a file that is not a readable .xlsx.
 */
export async function* xlsxSheetRows(input: Readable): AsyncGenerator<SheetRow[]> {
  const dir = await mkdtemp(join(tmpdir(), 'hall-xlsx-'));
  let handle: FileHandle | undefined;
  const inflated: Inflated = { bytes: 0 };
  try {
    const path = join(dir, 'upload.xlsx');
    await pipeline(input, createWriteStream(path));
    handle = await open(path, 'r');
    await rm(dir, { recursive: true, force: true }); // the open handle keeps the bytes until it closes
    const zip = await centralDirectory(handle);
    const rels = await workbookRels(handle, zip, inflated);
    const sheet = await firstSheet(handle, zip, rels.byId, inflated);
    const stringsEntry = zip.get(rels.strings ?? '') ?? zip.get('xl/sharedStrings.xml');
    const strings = stringsEntry ? await sharedStringItems(entryText(handle, stringsEntry, inflated)) : [];
    yield* sheetRows(entryText(handle, sheet, inflated), strings);
  } catch (error) {
    if (error instanceof TableRefused) error.inflated ??= inflated.bytes;
    throw error;
  } finally {
    await handle?.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** A row of the sheet: its number, its cells' texts, the columns whose cells hold numbers (absent when none). */
export type SheetRow = [rowNo: number, cells: string[], numeric?: number[]];

const attributePatterns = new Map<string, RegExp>();

/** The value of attribute `name` (with any namespace prefix when `prefixed`) in an element's attribute text. */
function attribute(attributes: string, name: string, prefixed = false): string | undefined {
  if (!prefixed) {
    // The common spelling first (name="value" after a space), without a regular expression.
    const at = attributes.indexOf(` ${name}="`);
    if (at >= 0) {
      const from = at + name.length + 3;
      return attributes.slice(from, attributes.indexOf('"', from));
    }
    if (!attributes.includes(name)) return undefined;
  }
  const key = `${prefixed ? '*:' : ''}${name}`;
  let re = attributePatterns.get(key);
  if (!re) {
    re = new RegExp(`(?:^|\\s)${prefixed ? '[A-Za-z_][\\w.-]*:' : ''}${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    attributePatterns.set(key, re);
  }
  const m = re.exec(attributes);
  return m ? (m[1] ?? m[2]) : undefined;
}

/** A part named by a relationship's target, relative to xl/ (or absolute). */
function partName(target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : `xl/${target}`).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

/**
 * The attribute texts of the start tags of elements named `localName` (any namespace prefix), in
 * order: one pass over the text (a regular expression retried at every '<' of a hostile part
 * without '>' is quadratic).
 */
function* startTags(xml: string, localName: string): Generator<string> {
  let pos = 0;
  for (;;) {
    const lt = xml.indexOf('<', pos);
    if (lt < 0) return;
    const gt = xml.indexOf('>', lt);
    if (gt < 0) return;
    let end = lt + 1;
    while (end < gt && !isNameEnd(xml[end])) end++;
    const colon = xml.lastIndexOf(':', end - 1);
    const local = colon > lt ? xml.slice(colon + 1, end) : xml.slice(lt + 1, end);
    if (local === localName) yield xml.slice(end, xml.charCodeAt(gt - 1) === 47 ? gt - 1 : gt);
    pos = gt + 1;
  }
}

/** The relationships of the workbook: id → part name, and the shared strings' part. */
async function workbookRels(handle: FileHandle, zip: Map<string, ZipEntry>, inflated: Inflated) {
  const xml = await wholeText(handle, zip.get('xl/_rels/workbook.xml.rels'), inflated);
  const byId = new Map<string, string>();
  let strings: string | undefined;
  for (const attrs of startTags(xml, 'Relationship')) {
    const id = attribute(attrs, 'Id');
    const target = attribute(attrs, 'Target');
    if (!id || !target) continue;
    byId.set(id, partName(target));
    if (/\/sharedStrings$/.test(attribute(attrs, 'Type') ?? '')) strings = partName(target);
  }
  return { byId, strings };
}

async function firstSheet(
  handle: FileHandle,
  zip: Map<string, ZipEntry>,
  byId: Map<string, string>,
  inflated: Inflated,
): Promise<ZipEntry> {
  const workbook = await wholeText(handle, zip.get('xl/workbook.xml'), inflated);
  const first = startTags(workbook, 'sheet').next();
  const id = first.done ? undefined : attribute(first.value, 'id', true);
  const named = id ? zip.get(byId.get(id) ?? '') : undefined;
  const sheet = named ?? [...zip.values()].find((e) => /^xl\/worksheets\/[^/]+\.xml$/.test(e.name));
  if (!sheet) throw new NotXlsx('no worksheet');
  return sheet;
}

const ENTITY = /&(?:#x([0-9a-fA-F]+)|#(\d+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML text content: entities decoded, trimmed, and copied out of the chunk it was cut from. */
function text(raw: string): string {
  let s = raw.includes('&')
    ? raw.replace(ENTITY, (_m, hex: string, dec: string, named: string) =>
        named ? NAMED[named] : String.fromCodePoint(hex ? Number.parseInt(hex, 16) : Number(dec)),
      )
    : raw;
  s = s.trim();
  // A slice of a long string keeps the whole string alive (V8 sliced strings): a value that
  // outlives its row (a key of the duplicate check) must not hold a 256 KB chunk of the sheet.
  return s.length < 13 ? s : (s + ' ').slice(0, -1);
}

/** Whitespace, '>' or '/': what may follow an element's name (`<t>`, `<t xml:space="preserve">`, `<t/>`). */
const isNameEnd = (c: string | undefined) => c === ' ' || c === '>' || c === '/' || c === '\t' || c === '\n' || c === '\r';

/**
 * The texts of the <t> elements of a string item (<si> or <is>): rich text runs joined, phonetic
 * runs (<rPh>…</rPh>) left out. One pass, each search going on from where the last one ended.
 */
function stringItem(inner: string): string {
  let out = '';
  let pos = 0;
  let phonetic = inner.indexOf('<rPh');
  for (;;) {
    const t = inner.indexOf('<t', pos);
    if (t < 0) break;
    if (phonetic >= 0 && phonetic < t) {
      const end = inner.indexOf('</rPh>', phonetic);
      if (end < 0) break;
      pos = end + 6;
      phonetic = inner.indexOf('<rPh', pos);
      continue;
    }
    if (!isNameEnd(inner[t + 2])) {
      pos = t + 2;
      continue;
    }
    const close = inner.indexOf('>', t + 2);
    if (close < 0) break;
    if (inner.charCodeAt(close - 1) === 47 /* <t/> */) {
      pos = close + 1;
      continue;
    }
    const end = inner.indexOf('</t>', close + 1);
    if (end < 0) break;
    out += inner.slice(close + 1, end);
    pos = end + 4;
  }
  return text(out);
}

/** Characters searched by the element cutters (a test holds it to a bound: each character searched a bounded number of times). */
export interface ScanWork {
  scanned: number;
}

/**
 * Cuts the elements `<name …>…</name>` and `<name …/>` out of a part's text as it comes in
 * chunks. An element cut by a chunk's end is held as pieces: the next chunks are searched for its
 * start tag's end, then for its end tag, from where the search stopped (with the few characters
 * before, for an end tag cut in two), and the pieces are joined once, when it is whole. So each
 * character is searched about once and copied about twice, however the part is cut; an element
 * longer than `maxChars` is refused (`tooLong`) rather than held.
 */
class ElementCutter {
  private readonly open: string;
  private readonly end: string;
  /** Outside an element: the chunk's last characters, which may begin a start tag ("<ro"). */
  private carry = '';
  /** Inside an element cut by a chunk's end: its text so far; null outside. */
  private pieces: string[] | null = null;
  private held = 0;
  /** The offset of its start tag's '>' in the element's text, -1 until it has come. */
  private tagEnd = -1;
  /** The element's last characters (an end tag cut in two, the '/' of "/>"). */
  private tail = '';

  constructor(
    name: string,
    private readonly maxChars: number,
    private readonly tooLong: () => Error,
    private readonly work: ScanWork = { scanned: 0 },
  ) {
    this.open = `<${name}`;
    this.end = `</${name}>`;
  }

  /** Calls `each(attributes, content)` for every element the chunk completes (content '' when self-closing). */
  push(chunk: string, each: (attributes: string, content: string) => void): void {
    let buf = chunk;
    let pos = 0;
    if (this.pieces) {
      pos = this.resume(chunk, each);
      if (pos < 0) return;
    } else if (this.carry) {
      buf = this.carry + chunk;
      this.carry = '';
    }
    this.work.scanned += buf.length - pos;
    const L = this.open.length;
    for (;;) {
      const open = buf.indexOf(this.open, pos);
      if (open < 0) {
        this.carry = buf.slice(Math.max(pos, buf.length - (L - 1)));
        return;
      }
      if (open + L >= buf.length) {
        // The character after the name decides (`<row>` or `<rowBreaks>`).
        this.carry = buf.slice(open);
        return;
      }
      if (!isNameEnd(buf[open + L])) {
        pos = open + L;
        continue;
      }
      const close = buf.indexOf('>', open + L);
      if (close < 0) {
        this.hold(buf.slice(open), -1);
        return;
      }
      if (buf.charCodeAt(close - 1) === 47 /* / */) {
        each(buf.slice(open + L, close - 1), '');
        pos = close + 1;
        continue;
      }
      const end = buf.indexOf(this.end, close + 1);
      if (end < 0) {
        this.hold(buf.slice(open), close - open);
        return;
      }
      each(buf.slice(open + L, close), buf.slice(close + 1, end));
      pos = end + this.end.length;
    }
  }

  /** Holds the start of an element that goes on in the next chunk. */
  private hold(text: string, tagEnd: number) {
    this.pieces = [];
    this.held = 0;
    this.tagEnd = tagEnd;
    this.tail = '';
    this.grow(text);
  }

  private grow(chunk: string) {
    this.held += chunk.length;
    if (this.held > this.maxChars) {
      this.pieces = null;
      throw this.tooLong();
    }
    this.pieces!.push(chunk);
    const keep = this.end.length - 1;
    this.tail = chunk.length >= keep ? chunk.slice(-keep) : (this.tail + chunk).slice(-keep);
  }

  /** Goes on with the element held: the offset in `chunk` after it, or -1 when it goes on beyond. */
  private resume(chunk: string, each: (attributes: string, content: string) => void): number {
    const before = this.held;
    if (this.tagEnd < 0) {
      const gt = chunk.indexOf('>');
      this.work.scanned += gt < 0 ? chunk.length : gt + 1;
      if (gt < 0) {
        this.grow(chunk);
        return -1;
      }
      this.tagEnd = before + gt;
      const slash = gt > 0 ? chunk.charCodeAt(gt - 1) === 47 : this.tail.charCodeAt(this.tail.length - 1) === 47;
      if (slash) {
        const whole = this.pieces!.join('') + chunk.slice(0, gt + 1);
        this.pieces = null;
        this.work.scanned += whole.length;
        each(whole.slice(this.open.length, whole.length - 2), '');
        return gt + 1;
      }
    }
    // The end tag is searched from after the start tag, and from the tail's first character.
    const from = Math.max(-this.tail.length, this.tagEnd + 1 - before);
    const window = from < 0 ? this.tail + chunk : chunk;
    const base = from < 0 ? this.tail.length : 0;
    const at = window.indexOf(this.end, from + base);
    this.work.scanned += (at < 0 ? window.length : at + this.end.length) - (from + base);
    if (at < 0) {
      this.grow(chunk);
      return -1;
    }
    const after = at - base + this.end.length;
    const whole = this.pieces!.join('') + chunk.slice(0, after);
    this.pieces = null;
    this.work.scanned += whole.length;
    each(whole.slice(this.open.length, this.tagEnd), whole.slice(this.tagEnd + 1, whole.length - this.end.length));
    return after;
  }
}

/**
 * The items of a shared strings part's text, however it is cut into chunks. Refused (TableRefused)
 * past the limits: an item longer than a cell may be, more strings or characters than are held.
 */
export async function sharedStringItems(
  chunks: AsyncIterable<string>,
  limits: XlsxLimits = XLSX_LIMITS,
  work?: ScanWork,
): Promise<string[]> {
  const out: string[] = [];
  let chars = 0;
  const tooLong = () => new TableRefused(TABLE_LIMIT_MESSAGES.cellTooLong());
  const cutter = new ElementCutter('si', limits.ITEM_XML_MAX_CHARS, tooLong, work);
  const take = (_attributes: string, content: string) => {
    const s = content ? stringItem(content) : '';
    if (s.length > limits.CELL_MAX_CHARS) throw tooLong();
    chars += s.length;
    if (out.length >= limits.SHARED_STRINGS_MAX_COUNT || chars > limits.SHARED_STRINGS_MAX_CHARS)
      throw new TableRefused(TABLE_LIMIT_MESSAGES.tooManyStrings);
    out.push(s);
  };
  for await (const chunk of chunks) cutter.push(chunk, take);
  return out;
}

/** 'A' → 0, 'AB' → 27, from a cell reference such as AB12; -1 when there is none. */
function columnOf(ref: string | undefined): number {
  if (!ref) return -1;
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20; // lower case
    if (c < 97 || c > 122) break;
    col = col * 26 + (c - 96);
  }
  return i ? col - 1 : -1;
}

/** A number as the workbook holds it: integers without exponent (the digits a double kept). */
function numberText(v: string): string {
  if (v === '') return '';
  const n = Number(v);
  if (Number.isNaN(n)) return text(v);
  return Number.isInteger(n) ? BigInt(n).toString() : String(n);
}

/** The text of element `<name>` inside `inner` ('' when there is none or it is empty). */
function elementText(inner: string, name: string): string {
  const open = inner.indexOf(`<${name}`);
  if (open < 0) return '';
  const close = inner.indexOf('>', open);
  if (close < 0 || inner[close - 1] === '/') return '';
  const end = inner.indexOf(`</${name}>`, close);
  return end < 0 ? '' : inner.slice(close + 1, end);
}

function cellValue(type: string | undefined, inner: string, strings: string[]): string {
  if (type === 'inlineStr') return stringItem(elementText(inner, 'is'));
  const raw = elementText(inner, 'v');
  switch (type) {
    case 's':
      return strings[Number(raw)] ?? '';
    case 'str':
    case 'e':
      return text(raw);
    case 'b':
      return raw === '' ? '' : raw.trim() === '1' ? 'true' : 'false';
    case 'd':
      return /^\d{4}-\d{2}-\d{2}/.test(raw) ? raw.slice(0, 10) : text(raw);
    default:
      return numberText(raw.trim());
  }
}

function rowOf(rowNo: number, content: string, strings: string[], limits: XlsxLimits): SheetRow {
  const cells: string[] = [];
  let numeric: number[] | undefined;
  let col = -1;
  let pos = 0;
  for (;;) {
    const open = content.indexOf('<c', pos);
    if (open < 0) break;
    if (!isNameEnd(content[open + 2])) {
      pos = open + 2;
      continue;
    }
    const close = content.indexOf('>', open);
    if (close < 0) break;
    const selfClosing = content[close - 1] === '/';
    const attrs = content.slice(open + 2, selfClosing ? close - 1 : close);
    const ref = columnOf(attribute(attrs, 'r'));
    col = ref >= 0 ? ref : col + 1;
    if (selfClosing) {
      pos = close + 1;
      continue;
    }
    const end = content.indexOf('</c>', close);
    if (end < 0) break;
    const type = attribute(attrs, 't');
    const value = cellValue(type, content.slice(close + 1, end), strings);
    pos = end + 4;
    if (value === '') continue;
    if (value.length > limits.CELL_MAX_CHARS) throw new TableRefused(TABLE_LIMIT_MESSAGES.cellTooLong(rowNo));
    while (cells.length < col) cells.push('');
    cells[col] = value;
    if (type === undefined || type === 'n') {
      if (numeric) numeric.push(col);
      else numeric = [col];
    }
  }
  return numeric ? [rowNo, cells, numeric] : [rowNo, cells];
}

/**
 * The rows of a sheet part's text, however it is cut into chunks, a chunk's worth at a time (one
 * await per chunk, not per row). Refused (TableRefused) past the limits: a row not closed within
 * ROW_XML_MAX_CHARS, a cell longer than CELL_MAX_CHARS.
 */
export async function* sheetRows(
  chunks: AsyncIterable<string>,
  strings: string[],
  limits: XlsxLimits = XLSX_LIMITS,
  work?: ScanWork,
): AsyncGenerator<SheetRow[]> {
  let last = 0;
  let rows: SheetRow[] = [];
  const tooLong = () => new TableRefused(TABLE_LIMIT_MESSAGES.rowTooLong(last + 1));
  const cutter = new ElementCutter('row', limits.ROW_XML_MAX_CHARS, tooLong, work);
  const take = (attributes: string, content: string) => {
    const r = Number(attribute(attributes, 'r'));
    last = Number.isInteger(r) && r > last ? r : last + 1;
    rows.push(content ? rowOf(last, content, strings, limits) : [last, []]);
  };
  for await (const chunk of chunks) {
    cutter.push(chunk, take);
    if (rows.length) {
      const batch = rows;
      rows = [];
      yield batch;
    }
  }
}
