import type { FastifyInstance } from 'fastify';
import { fileContracts as calls } from '@hall/shared';
import { sendAttachment } from '../../lib/attachment';
import { registerCall } from '../../lib/route';
import { FILE_UPLOAD, receiveFile } from '../../lib/upload';
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
  registerCall(app, calls.fileUpload, async (request, reply) => {
    const caller = await callerIfAny(ctx, request);
    return receiveFile(request, reply, FILE_UPLOAD, (file) =>
      receiveUpload(ctx, { owner: ownerOf(caller, request.ip), visibility: 'private', name: file.fileName, stream: file.stream }),
    );
  });

  registerCall(app, calls.fileDownload, async (request, reply) => {
    const { file, bytes } = await openForDownload(ctx, request.body.fileId, () => callerIfAny(ctx, request), request.ip);
    return sendAttachment(reply, file.name, file.mime, bytes);
  });
}
