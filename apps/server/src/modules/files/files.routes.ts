import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { FILE_MAX_BYTES, FILE_MESSAGES, fileContracts as calls } from '@hall/shared';
import { sendAttachment } from '../../lib/attachment';
import { refuse } from '../../lib/hall-error';
import { registerCall } from '../../lib/route';
import { callerIfAny } from '../../plugins/auth';
import { openForDownload, ownerOf, receiveUpload } from './files.service';

/**
 * Upload (multipart, field `file`, not sealed; the answer is the usual envelope) and download
 * (raw bytes; a refusal is an envelope with code 1). Both are open to visitors: an upload without
 * a token is a registration attachment (private, claimed within the hour); a download without a
 * token sees only public files.
 */
export async function fileRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  // One file and a few fields per request. The parser reads one byte past the limit, so the store
  // sees an oversize file as such (and refuses it) rather than a file cut at exactly 10 MB.
  await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 }, throwFileSizeLimit: true });

  registerCall(app, calls.fileUpload, async (request, reply) => {
    const caller = await callerIfAny(ctx, request);
    if (!request.isMultipart()) throw refuse(FILE_MESSAGES.empty);
    const part = await request.file();
    if (!part) throw refuse(FILE_MESSAGES.empty);
    try {
      return await receiveUpload(ctx, {
        owner: ownerOf(caller, request.ip),
        visibility: 'private',
        name: part.filename,
        stream: part.file,
        truncated: () => part.file.truncated,
      });
    } catch (error) {
      // The rest of a refused body is not read: the connection closes after the answer, so the
      // client stops sending and the socket does not linger half-read.
      reply.header('connection', 'close');
      throw error;
    }
  });

  registerCall(app, calls.fileDownload, async (request, reply) => {
    const { file, bytes } = await openForDownload(ctx, request.body.fileId, () => callerIfAny(ctx, request), request.ip);
    return sendAttachment(reply, file.name, file.mime, bytes);
  });
}
