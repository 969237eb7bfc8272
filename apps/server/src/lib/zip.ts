import { inflateRawSync } from 'node:zlib';

/**
 * Just enough of the ZIP format to recognise an Office Open XML or OFD package by its entries and
 * to read one entry back (tests of generated documents). Reads the central directory only.
 */
interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function centralDirectory(buf: Buffer): Entry[] | null {
  // The end record sits in the last 22 bytes plus an optional comment of up to 64 KB.
  const from = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= from; i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const entries: Entry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) return null;
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    entries.push({
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      localOffset: buf.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Names of the entries, or null when the bytes are not a readable ZIP archive. */
export function zipEntryNames(buf: Buffer): string[] | null {
  try {
    return centralDirectory(buf)?.map((e) => e.name) ?? null;
  } catch {
    return null;
  }
}

/** The content of one entry (stored or deflated), or undefined. */
export function readZipEntry(buf: Buffer, name: string): Buffer | undefined {
  const entry = centralDirectory(buf)?.find((e) => e.name === name);
  if (!entry || buf.readUInt32LE(entry.localOffset) !== LOCAL) return undefined;
  const start = entry.localOffset + 30 + buf.readUInt16LE(entry.localOffset + 26) + buf.readUInt16LE(entry.localOffset + 28);
  const data = buf.subarray(start, start + entry.compressedSize);
  return entry.method === 0 ? Buffer.from(data) : inflateRawSync(data);
}
