import path from 'node:path';
import JSZip from 'jszip';
import { FILE_TYPES } from '@hall/shared';

export interface FileType {
  mime: string;
  /** Extensions a file of this type may carry (lower case, with the dot). */
  extensions: string[];
}

// The shared list (packages/shared files/index.ts FILE_TYPES) names them; this file knows their bytes.
const typeOf = (key: keyof typeof FILE_TYPES): FileType => ({ mime: FILE_TYPES[key].mime, extensions: [...FILE_TYPES[key].extensions] });
const PDF = typeOf('pdf');
const PNG = typeOf('png');
const JPEG = typeOf('jpeg');
const DOCX = typeOf('docx');
const XLSX = typeOf('xlsx');
const OFD = typeOf('ofd');

const startsWith = (bytes: Buffer, magic: number[]) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/** The entry names of a ZIP package (its central directory), or null when it is not a readable ZIP. */
export async function zipEntryNames(bytes: Buffer): Promise<string[] | null> {
  try {
    return Object.keys((await JSZip.loadAsync(bytes, { checkCRC32: false })).files);
  } catch {
    return null;
  }
}

/** A ZIP package is only allowed as Word, Excel or OFD, by its entries; macros are never allowed. */
async function packageType(bytes: Buffer): Promise<FileType | null> {
  const names = await zipEntryNames(bytes);
  if (!names) return null;
  if (names.some((n) => /vbaProject\.bin$/i.test(n))) return null;
  const has = (name: string) => names.includes(name);
  if (has('[Content_Types].xml') && has('word/document.xml')) return DOCX;
  if (has('[Content_Types].xml') && has('xl/workbook.xml')) return XLSX;
  if (has('OFD.xml')) return OFD;
  return null;
}

/**
 * The type of a file by its content (magic bytes), never by its name: PDF, PNG, JPEG, and ZIP
 * packages that are Word (docx), Excel (xlsx) or OFD documents. Anything else is null.
 */
export async function detectFileType(bytes: Buffer, whole?: () => Promise<Buffer>): Promise<FileType | null> {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return PDF; // %PDF-
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG;
  // PK\x03\x04: only a package needs the whole file (its directory is at the end).
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return packageType(whole ? await whole() : bytes);
  return null;
}

/** The allowed type of a named file: its content must be allowed and its extension must match it. */
export async function allowedType(name: string, bytes: Buffer, whole?: () => Promise<Buffer>): Promise<FileType | null> {
  const type = await detectFileType(bytes, whole);
  return type?.extensions.includes(path.extname(name).toLowerCase()) ? type : null;
}

/** A file name safe to store and to send back: no path, no control characters, at most 120 characters. */
export function cleanFileName(raw: string | undefined): string {
  const base = path.basename(String(raw ?? '').replace(/\\/g, '/'));
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim();
  if (cleaned.length <= 120) return cleaned;
  const ext = path.extname(cleaned).slice(0, 10);
  return cleaned.slice(0, 120 - ext.length) + ext;
}
