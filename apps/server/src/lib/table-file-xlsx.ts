import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { centralDirectory, entryText, NotXlsx, wholeText, type ZipEntry } from './zip-entries';

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
 *   ISO dates (t="d"); numbers as written without exponent (an ID number typed as a number reads
 *   as its digits), styles ignored (a date cell reads as its serial day number, which the row
 *   checks accept). Texts are trimmed; columns from the cell reference (A1), empty ones ''.
 *
 * Yields [rowNumber, cells] for every row element (rowNumber from r="…", else the one after the
 * last), in batches (those of one inflated chunk). Throws on a file that is not a readable .xlsx.
 */
export async function* xlsxSheetRows(input: Readable): AsyncGenerator<Array<[number, string[]]>> {
  const dir = await mkdtemp(join(tmpdir(), 'hall-xlsx-'));
  let handle: FileHandle | undefined;
  try {
    const path = join(dir, 'upload.xlsx');
    await pipeline(input, createWriteStream(path));
    handle = await open(path, 'r');
    await rm(dir, { recursive: true, force: true }); // the open handle keeps the bytes until it closes
    const zip = await centralDirectory(handle);
    const rels = await workbookRels(handle, zip);
    const sheet = await firstSheet(handle, zip, rels.byId);
    const strings = await sharedStrings(handle, zip.get(rels.strings ?? '') ?? zip.get('xl/sharedStrings.xml'));
    yield* sheetRows(entryText(handle, sheet), strings);
  } finally {
    await handle?.close();
    await rm(dir, { recursive: true, force: true });
  }
}

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

/** The relationships of the workbook: id → part name, and the shared strings' part. */
async function workbookRels(handle: FileHandle, zip: Map<string, ZipEntry>) {
  const xml = await wholeText(handle, zip.get('xl/_rels/workbook.xml.rels'));
  const byId = new Map<string, string>();
  let strings: string | undefined;
  for (const m of xml.matchAll(/<(?:[\w.-]+:)?Relationship\b([^>]*)>/g)) {
    const id = attribute(m[1], 'Id');
    const target = attribute(m[1], 'Target');
    if (!id || !target) continue;
    byId.set(id, partName(target));
    if (/\/sharedStrings$/.test(attribute(m[1], 'Type') ?? '')) strings = partName(target);
  }
  return { byId, strings };
}

async function firstSheet(handle: FileHandle, zip: Map<string, ZipEntry>, byId: Map<string, string>): Promise<ZipEntry> {
  const workbook = await wholeText(handle, zip.get('xl/workbook.xml'));
  const first = /<(?:[\w.-]+:)?sheet\b([^>]*)>/.exec(workbook);
  const id = first ? attribute(first[1], 'id', true) : undefined;
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

/** The texts of the <t> elements of a string item (<si> or <is>): rich text runs joined, phonetic runs (<rPh>) left out. */
const T_ELEMENT = /<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g;

function stringItem(inner: string): string {
  let out = '';
  for (const m of (inner.includes('<rPh') ? inner.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '') : inner).matchAll(T_ELEMENT)) out += m[1];
  return text(out);
}

/** The shared strings table (every <si> item's text, in order). */
async function sharedStrings(handle: FileHandle, entry: ZipEntry | undefined): Promise<string[]> {
  return entry ? sharedStringItems(entryText(handle, entry)) : [];
}

/** The items of a shared strings part's text, however it is cut into chunks. */
export async function sharedStringItems(chunks: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  let rest = '';
  for await (const chunk of chunks) {
    const buf = rest + chunk;
    let pos = 0;
    for (;;) {
      const open = buf.indexOf('<si', pos);
      if (open < 0) {
        // Keep what may be the start of the next item's tag ("<s" at the chunk's end).
        const lt = buf.lastIndexOf('<');
        pos = lt >= pos ? lt : buf.length;
        break;
      }
      const close = buf.indexOf('>', open);
      if (close < 0) {
        pos = open;
        break;
      }
      if (buf[close - 1] === '/') {
        out.push('');
        pos = close + 1;
        continue;
      }
      const end = buf.indexOf('</si>', close);
      if (end < 0) {
        pos = open;
        break;
      }
      out.push(stringItem(buf.slice(close + 1, end)));
      pos = end + 5;
    }
    rest = buf.slice(pos);
  }
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

/** A number as a clerk typed it: integers without exponent (digits of a long ID number kept as stored). */
function numberText(v: string): string {
  if (v === '') return '';
  const n = Number(v);
  if (Number.isNaN(n)) return text(v);
  return Number.isInteger(n) ? BigInt(n).toString() : String(n);
}

/** The text of a cell's <v> element ('' when there is none or it is empty). */
function vText(inner: string): string {
  const open = inner.indexOf('<v');
  if (open < 0) return '';
  const close = inner.indexOf('>', open);
  if (close < 0 || inner[close - 1] === '/') return '';
  const end = inner.indexOf('</v>', close);
  return end < 0 ? '' : inner.slice(close + 1, end);
}

function cellValue(type: string | undefined, inner: string, strings: string[]): string {
  if (type === 'inlineStr') {
    const is = /<is>([\s\S]*?)<\/is>/.exec(inner);
    return is ? stringItem(is[1]) : '';
  }
  const raw = vText(inner);
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

/** The characters that may follow an element's name (`<row>`, `<row r="1">`, `<row/>`), not `<rowBreaks>`. */
const isNameEnd = (c: string) => c === ' ' || c === '>' || c === '/' || c === '\t' || c === '\n' || c === '\r';

function rowCells(content: string, strings: string[]): string[] {
  const cells: string[] = [];
  let col = -1;
  let pos = 0;
  for (;;) {
    const open = content.indexOf('<c', pos);
    if (open < 0) break;
    if (!isNameEnd(content[open + 2] ?? '')) {
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
    const value = cellValue(attribute(attrs, 't'), content.slice(close + 1, end), strings);
    pos = end + 4;
    if (value === '') continue;
    while (cells.length < col) cells.push('');
    cells[col] = value;
  }
  return cells;
}

/** The rows of a sheet part's text, however it is cut into chunks, a chunk's worth at a time (one await per chunk, not per row). */
export async function* sheetRows(chunks: AsyncIterable<string>, strings: string[]): AsyncGenerator<Array<[number, string[]]>> {
  let rest = '';
  let last = 0;
  for await (const chunk of chunks) {
    const rows: Array<[number, string[]]> = [];
    const buf = rest + chunk;
    let pos = 0;
    for (;;) {
      const open = buf.indexOf('<row', pos);
      if (open < 0) {
        // Keep what may be the start of the next row's tag.
        const lt = buf.lastIndexOf('<');
        pos = lt >= pos ? lt : buf.length;
        break;
      }
      if (open + 4 >= buf.length) {
        pos = open;
        break;
      }
      if (!isNameEnd(buf[open + 4])) {
        pos = open + 4;
        continue;
      }
      const close = buf.indexOf('>', open);
      if (close < 0) {
        pos = open;
        break;
      }
      const selfClosing = buf[close - 1] === '/';
      let content = '';
      let next = close + 1;
      if (!selfClosing) {
        const end = buf.indexOf('</row>', close);
        if (end < 0) {
          pos = open;
          break;
        }
        content = buf.slice(close + 1, end);
        next = end + 6;
      }
      const r = Number(attribute(buf.slice(open + 4, close), 'r'));
      last = Number.isInteger(r) && r > last ? r : last + 1;
      rows.push([last, content ? rowCells(content, strings) : []]);
      pos = next;
    }
    rest = buf.slice(pos);
    if (rows.length) yield rows;
  }
}
