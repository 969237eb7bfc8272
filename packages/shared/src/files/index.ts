// The file types and messages of uploads, without zod: the portal imports them (its bundle has no
// room for zod; apps/web/src/app/calls.test.ts); schemas/files.ts re-exports them for the server.

/** Answer of …/uploadFile (multipart field `file`) and one attachment of a notice. */
export interface FileInfo {
  fileId: string;
  name: string;
  size: number;
}

/**
 * Every type the file upload takes, known by its content (magic bytes) and carrying one of its
 * extensions: the one list of the server's check (modules/files/file-type.ts) and the portal's
 * pickers (accept= and the hint).
 */
export const FILE_TYPES = {
  pdf: { label: 'PDF', mime: 'application/pdf', extensions: ['.pdf'] },
  ofd: { label: 'OFD', mime: 'application/ofd', extensions: ['.ofd'] },
  jpeg: { label: 'JPG', mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  png: { label: 'PNG', mime: 'image/png', extensions: ['.png'] },
  docx: { label: 'Word', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['.docx'] },
  xlsx: { label: 'Excel', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['.xlsx'] },
} as const;
export type FileTypeKey = keyof typeof FILE_TYPES;

/** What a picker and a check say of some of the types: names, accept=, extensions and MIME types. */
export function fileTypeSet(keys: readonly FileTypeKey[]) {
  const types = keys.map((k) => FILE_TYPES[k]);
  const extensions: string[] = types.flatMap((t) => [...t.extensions]);
  return {
    keys,
    /** 'PDF、JPG、PNG' */
    label: types.map((t) => t.label).join('、'),
    /** For <input accept>: '.pdf,.jpg,.jpeg,.png' */
    accept: extensions.join(','),
    extensions,
    mimes: types.map((t) => t.mime as string),
    /** By the name's extension (the picker's check; the server checks the content too). */
    allowsName: (name: string) => extensions.some((e) => name.toLowerCase().endsWith(e)),
  };
}

/** Whatever the upload takes (notice attachments, Office documents, …). */
export const UPLOAD_TYPES = fileTypeSet(Object.keys(FILE_TYPES) as FileTypeKey[]);

/**
 * 申请材料: a claim's attachments, a union information change's documents, a registration's signed
 * authorization: scans and photos, which a reviewer reads in the page (an image inline, a PDF
 * embedded). The claim form and the change form pick these; the server refuses anything else.
 */
export const MATERIAL_TYPES = fileTypeSet(['pdf', 'jpeg', 'png']);

export const FILE_MESSAGES = {
  tooLarge: '文件大小不能超过10MB',
  typeNotAllowed: `文件类型不允许：仅支持 ${UPLOAD_TYPES.label}`,
  empty: '请选择要上传的文件',
  notFound: '文件不存在或无权下载',
  /** A material of another type (a claim's, a union change's). */
  materialType: `申请材料仅限 ${MATERIAL_TYPES.label} 格式的扫描件或照片`,
  /** The pickers' hint. */
  materialHint: `${MATERIAL_TYPES.label} 格式的扫描件或照片，每个文件不超过10MB`,
} as const;
