import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES, FILE_TYPES, type FileTypeKey, MATERIAL_TYPES, UPLOAD_TYPES } from '@hall/shared';
import { allowedType } from './file-type';

/** One list of file types (packages/shared FILE_TYPES): what the server's check takes is what the pickers offer and the messages name. */

const zip = async (entries: string[]) => {
  const z = new JSZip();
  for (const e of entries) z.file(e, '<x/>');
  return z.generateAsync({ type: 'nodebuffer' });
};

const samples: Record<FileTypeKey, () => Promise<Buffer>> = {
  pdf: async () => Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n'),
  ofd: () => zip(['OFD.xml']),
  jpeg: async () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  png: async () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
  docx: () => zip(['[Content_Types].xml', 'word/document.xml']),
  xlsx: () => zip(['[Content_Types].xml', 'xl/workbook.xml']),
};

describe('the shared list of file types', () => {
  it('is what the upload check takes: each type by its content, with each of its extensions', async () => {
    for (const [key, type] of Object.entries(FILE_TYPES) as Array<[FileTypeKey, (typeof FILE_TYPES)[FileTypeKey]]>) {
      const bytes = await samples[key]();
      for (const ext of type.extensions)
        expect((await allowedType(`材料${ext.toUpperCase()}`, bytes))?.mime, `${key} ${ext}`).toBe(type.mime);
      expect(await allowedType('材料.txt', bytes), key).toBeNull();
    }
  });

  it('names every type in the refusal, and the materials (claims, union changes) are scans and photos', () => {
    expect(FILE_MESSAGES.typeNotAllowed).toBe('文件类型不允许：仅支持 PDF、OFD、JPG、PNG、Word、Excel');
    expect(UPLOAD_TYPES.accept).toBe('.pdf,.ofd,.jpg,.jpeg,.png,.docx,.xlsx');
    expect(MATERIAL_TYPES.accept).toBe('.pdf,.jpg,.jpeg,.png');
    expect(MATERIAL_TYPES.mimes).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    expect(FILE_MESSAGES.materialType).toBe('申请材料仅限 PDF、JPG、PNG 格式的扫描件或照片');
    expect(MATERIAL_TYPES.allowsName('发票.JPEG')).toBe(true);
    expect(MATERIAL_TYPES.allowsName('说明.docx')).toBe(false);
  });
});
