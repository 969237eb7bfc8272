import { constants, deflateRawSync } from 'node:zlib';

/*
 * Workbooks made by hand for the reader's tests (hostile ones above all): a tiny ZIP writer over
 * deflate streams given as they are, so a test can describe 200 MB of XML in 200 KB (the same
 * deflate block many times) and never hold the inflated text.
 */

export const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
export const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A deflate block that does not end the stream and leaves no reference behind it: blocks so made may follow one another, repeated. */
export const block = (text: string) => deflateRawSync(Buffer.from(text), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
const LAST = deflateRawSync(Buffer.alloc(0)); // an empty final block

/** A deflate stream of `head`, then `body` `times` times, then `end`, made of a few blocks (the test never holds the inflated text). */
export function repeated(head: string, body: string, times: number, end = '') {
  const b = block(body);
  return Buffer.concat([block(head), ...Array.from({ length: times }, () => b), block(end), LAST]);
}

/** A ZIP archive of deflated (or stored) entries: local headers, central directory, end record (CRCs are not read). */
export function zip(entries: Array<{ name: string; data: Buffer; stored?: boolean }>) {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.stored ? 0 : 8, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(e.stored ? 0 : 8, 10);
    dir.writeUInt32LE(e.data.length, 20);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    central.push(dir, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** A workbook of one sheet, its parts given as deflate streams (or texts, deflated here). */
export function workbook(parts: { sheet: Buffer | string; strings?: Buffer | string; workbookXml?: { data: Buffer; stored?: boolean } }) {
  const deflated = (p: Buffer | string) => (typeof p === 'string' ? deflateRawSync(Buffer.from(p)) : p);
  const rels = [`<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`];
  if (parts.strings) rels.push(`<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`);
  return zip([
    { name: '[Content_Types].xml', data: deflated('<?xml version="1.0"?><Types/>') },
    parts.workbookXml
      ? { name: 'xl/workbook.xml', ...parts.workbookXml }
      : {
          name: 'xl/workbook.xml',
          data: deflated(`<workbook ${NS} xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`),
        },
    { name: 'xl/_rels/workbook.xml.rels', data: deflated(`<Relationships xmlns="x">${rels.join('')}</Relationships>`) },
    { name: 'xl/worksheets/sheet1.xml', data: deflated(parts.sheet) },
    ...(parts.strings ? [{ name: 'xl/sharedStrings.xml', data: deflated(parts.strings) }] : []),
  ]);
}
