import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiPath, FILE_MAX_BYTES, FILE_MESSAGES, fileDownloadRequest } from '@hall/shared';
import { sendAttachment } from '../../lib/attachment';
import { refuse } from '../../lib/hall-error';
import { callerIfAny } from '../../plugins/auth';
import { openForDownload, ownerOf, storeFile } from './files.service';

/**
 * Upload (multipart, field `file`, not sealed; the answer is the usual envelope) and download
 * (raw bytes; a refusal is an envelope with code 1). Both are open to visitors: an upload without
 * a token is a registration attachment (private, claimed within the hour); a download without a
 * token sees only public files.
 */
export async function fileRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = app.hall;
  const tags = ['文件'];
  // One file and a few fields per request; a bigger file stops being read at the limit.
  await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    ApiPath.fileUpload,
    {
      config: { access: 'public', sealed: false },
      schema: { tags, summary: '上传文件（multipart 字段 file；最大 10MB；PDF/OFD/JPG/PNG/Word/Excel）', consumes: ['multipart/form-data'] },
    },
    async (request) => {
      const caller = await callerIfAny(ctx, request);
      if (!request.isMultipart()) throw refuse(FILE_MESSAGES.empty);
      const part = await request.file();
      if (!part) throw refuse(FILE_MESSAGES.empty);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(FILE_MESSAGES.tooLarge);
        throw error;
      }
      return storeFile(ctx, { owner: ownerOf(caller, request.ip), visibility: 'private', name: part.filename, bytes });
    },
  );

  app.post(
    ApiPath.fileDownload,
    { config: { access: 'public', sealed: 'either' }, schema: { tags, summary: '下载文件（返回文件内容；拒绝时返回 code 1 报文）', body: fileDownloadRequest } },
    async (request, reply) => {
      const { file, bytes } = await openForDownload(ctx, request.body.fileId, () => callerIfAny(ctx, request), request.ip);
      return sendAttachment(reply, file.name, file.mime, bytes);
    },
  );
}
