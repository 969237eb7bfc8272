/**
 * The entries of a ZIP archive (an .xlsx file) read through an open file handle: the central
 * directory first (ZIP and ZIP64), then any entry inflated as a stream in small pieces and decoded
 * as UTF-8 text. The .xlsx reader (table-file-xlsx.ts) reads the parts it needs in its own order.
 * While an entry inflates, its size and its compression ratio are held to the limits of
 * table-limits.ts (a deflate bomb stops within a few MB).
 */
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { TABLE_LIMIT_MESSAGES, TableRefused, XLSX_LIMITS } from './table-limits';

export class NotXlsx extends Error {
  constructor(why: string) {
    super(`not a readable .xlsx file: ${why}`);
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  headerOffset: number;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The archive's entries by name, from its central directory (ZIP and ZIP64). */
export async function centralDirectory(handle: FileHandle): Promise<Map<string, ZipEntry>> {
  const { size } = await handle.stat();
  const tailStart = Math.max(0, size - (22 + 0xffff));
  const tail = await readAt(handle, tailStart, size - tailStart);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--)
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0) throw new NotXlsx('no end of central directory');
  let count = tail.readUInt16LE(eocd + 10);
  let cdSize = tail.readUInt32LE(eocd + 12);
  let cdOffset = tail.readUInt32LE(eocd + 16);
  if ((count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) && eocd >= 20 && tail.readUInt32LE(eocd - 20) === 0x07064b50) {
    const z64 = await readAt(handle, Number(tail.readBigUInt64LE(eocd - 20 + 8)), 56);
    if (z64.length < 56 || z64.readUInt32LE(0) !== 0x06064b50) throw new NotXlsx('bad ZIP64 end of central directory');
    count = Number(z64.readBigUInt64LE(32));
    cdSize = Number(z64.readBigUInt64LE(40));
    cdOffset = Number(z64.readBigUInt64LE(48));
  }
  if (cdOffset + cdSize > size) throw new NotXlsx('central directory out of bounds');
  const cd = await readAt(handle, cdOffset, cdSize);
  const entries = new Map<string, ZipEntry>();
  let at = 0;
  for (let k = 0; k < count && at + 46 <= cd.length; k++) {
    if (cd.readUInt32LE(at) !== 0x02014b50) throw new NotXlsx('bad central directory entry');
    const flags = cd.readUInt16LE(at + 8);
    const method = cd.readUInt16LE(at + 10);
    let compressedSize = cd.readUInt32LE(at + 20);
    const uncompressedSize = cd.readUInt32LE(at + 24);
    const nameLength = cd.readUInt16LE(at + 28);
    const extraLength = cd.readUInt16LE(at + 30);
    const commentLength = cd.readUInt16LE(at + 32);
    let headerOffset = cd.readUInt32LE(at + 42);
    const name = cd.toString('utf8', at + 46, at + 46 + nameLength);
    // ZIP64: the sizes and the offset that do not fit in 32 bits are in the extra field, in this order.
    for (let e = at + 46 + nameLength; e + 4 <= at + 46 + nameLength + extraLength; ) {
      const id = cd.readUInt16LE(e);
      const length = cd.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let f = e + 4;
        if (uncompressedSize === 0xffffffff) f += 8;
        if (compressedSize === 0xffffffff) {
          compressedSize = Number(cd.readBigUInt64LE(f));
          f += 8;
        }
        if (headerOffset === 0xffffffff) headerOffset = Number(cd.readBigUInt64LE(f));
      }
      e += 4 + length;
    }
    entries.set(name, { name, method, flags, compressedSize, headerOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Bytes per inflated piece of an entry (see entryStream). */
const INFLATED_PIECE = 32 * 1024;

/** What the reading of an archive's entries has inflated so far (bytes of all its entries). */
export interface Inflated {
  bytes: number;
}

/**
 * An entry's bytes, inflated, as a stream (not for an empty entry: end < start would read to the
 * file's end), and the compressed bytes inflated so far.
 */
async function entryStream(handle: FileHandle, entry: ZipEntry): Promise<{ stream: Readable; stop: () => void; compressed: () => number }> {
  if (entry.flags & 1) throw new NotXlsx('encrypted entry');
  const header = await readAt(handle, entry.headerOffset, 30);
  if (header.length < 30 || header.readUInt32LE(0) !== 0x04034b50) throw new NotXlsx('bad local header');
  const start = entry.headerOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const raw = handle.createReadStream({
    start,
    end: start + entry.compressedSize - 1,
    autoClose: false,
    highWaterMark: 256 * 1024,
  });
  // Never destroyed (that closes the handle, autoClose or not): paused, it reads no more.
  const stopRaw = () => {
    raw.unpipe();
    raw.pause();
  };
  // A stored entry is its own size (its ratio 1).
  if (entry.method === 0) return { stream: raw, stop: stopRaw, compressed: () => Number.POSITIVE_INFINITY };
  if (entry.method !== 8) throw new NotXlsx(`compression method ${entry.method}`);
  // Small pieces: each becomes a string (two bytes a character once a Chinese name is in it) and
  // a row-cutting copy; at 256 KB those were large objects, kept until a full collection, and a
  // 460,000-row sheet's 184 MB of XML grew the heap to 130 MB (peak RSS +90 MB). At 32 KB they
  // die young, and the reading is faster too.
  const inflate = createInflateRaw({ chunkSize: INFLATED_PIECE });
  raw.on('error', (error) => inflate.destroy(error));
  const stream = raw.pipe(inflate);
  const stop = () => {
    stopRaw();
    inflate.destroy();
  };
  // bytesWritten: the compressed bytes the inflater has consumed (counted before it hands out what it made of them).
  return { stream, stop, compressed: () => inflate.bytesWritten };
}

/**
 * An entry's text, decoded as a stream (UTF-8; a character split between chunks stays whole).
 * Refused (TableRefused) as soon as the entry has inflated past `maxBytes`, or past RATIO_MAX
 * times the compressed bytes it came from once it is over RATIO_FLOOR_BYTES; a broken deflate
 * stream is NotXlsx. `inflated` counts the bytes inflated (of every entry it is given to).
 */
export async function* entryText(
  handle: FileHandle,
  entry: ZipEntry,
  inflated: Inflated = { bytes: 0 },
  maxBytes = XLSX_LIMITS.PART_MAX_BYTES,
): AsyncGenerator<string> {
  if (entry.compressedSize === 0) return;
  const decoder = new TextDecoder('utf-8');
  const { stream, stop, compressed } = await entryStream(handle, entry);
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      inflated.bytes += chunk.length;
      if (bytes > maxBytes) throw new TableRefused(TABLE_LIMIT_MESSAGES.partTooLarge(maxBytes));
      if (bytes > XLSX_LIMITS.RATIO_FLOOR_BYTES && bytes > XLSX_LIMITS.RATIO_MAX * compressed())
        throw new TableRefused(TABLE_LIMIT_MESSAGES.ratio);
      yield decoder.decode(chunk, { stream: true });
    }
  } catch (error) {
    // zlib's own errors (invalid stored block, incorrect header check…) say the file is broken.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('Z_')) throw new NotXlsx(`broken compressed data (${(error as Error).message})`);
    throw error;
  } finally {
    // Ended, refused or abandoned: nothing more is read or inflated.
    stop();
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** A small entry's whole text (workbook.xml, relationships): at most SMALL_PART_MAX_BYTES. */
export async function wholeText(handle: FileHandle, entry: ZipEntry | undefined, inflated?: Inflated): Promise<string> {
  if (!entry) return '';
  let text = '';
  for await (const part of entryText(handle, entry, inflated, XLSX_LIMITS.SMALL_PART_MAX_BYTES)) text += part;
  return text;
}
