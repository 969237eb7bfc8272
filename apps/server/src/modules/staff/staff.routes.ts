import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { FILE_MAX_BYTES, FILE_MESSAGES, staffContracts as calls, UPLOAD_ID_HEADER } from '@hall/shared';
import { refuse } from '../../lib/hall-error';
import { registerCall } from '../../lib/route';
import {
  confirmImport,
  discardImport,
  importPreview,
  importProgress,
  importRoster,
  ROSTER_FILE_MAX_BYTES,
  sendImportReport,
  sendTemplate,
} from './roster.service';
import { addStaff, exportStaff, leaveStaff, staffById, staffPage, updateStaff } from './staff.service';

/** 互助人员管理: a unit's own staff (list, add, edit, leave, export) and the roster import. */
export async function staffRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  // Uploads: one file of at most 10 MB, the roster 40 MB (one byte more is read, so an oversize file is refused, not cut).
  await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 }, throwFileSizeLimit: true });

  registerCall(app, calls.staffPage, (request) => staffPage(ctx, request.caller!, request.body));
  registerCall(app, calls.staffById, (request) => staffById(ctx, request.caller!, request.body.id, request.ip));
  registerCall(app, calls.staffAdd, (request) => addStaff(ctx, request.caller!, request.body, request.ip));
  registerCall(app, calls.staffUpdate, (request) => updateStaff(ctx, request.caller!, request.body, request.ip));
  registerCall(app, calls.staffLeave, (request) => leaveStaff(ctx, request.caller!, request.body, request.ip));
  registerCall(app, calls.staffExport, (request, reply) => exportStaff(ctx, request.caller!, request.body, reply, request.ip));
  registerCall(app, calls.staffTemplate, (_request, reply) => sendTemplate(reply));

  registerCall(app, calls.staffImport, async (request, reply) => {
    if (!request.isMultipart()) throw refuse(FILE_MESSAGES.empty);
    const part = await request.file({ limits: { fileSize: ROSTER_FILE_MAX_BYTES + 1 } });
    if (!part) throw refuse(FILE_MESSAGES.empty);
    try {
      const preview = await importRoster(ctx, request.caller!, {
        fileName: part.filename ?? '',
        stream: part.file,
        truncated: () => part.file.truncated,
        uploadId: String(request.headers[UPLOAD_ID_HEADER] ?? '').slice(0, 64) || undefined,
      });
      part.file.resume(); // whatever follows the first sheet is not needed, but the body is read to its end
      return preview;
    } catch (error) {
      // The rest of a refused body is not read: the connection closes after the answer.
      reply.header('connection', 'close');
      throw error;
    }
  });
  registerCall(app, calls.staffImportConfirm, (request) => confirmImport(ctx, request.caller!, request.body.batchId, request.ip));
  registerCall(app, calls.staffImportDiscard, (request) => discardImport(ctx, request.caller!, request.body.batchId, request.ip));
  registerCall(app, calls.staffImportProgress, (request) => importProgress(request.caller!, request.body.uploadId));
  registerCall(app, calls.staffImportPreview, (request) => importPreview(ctx, request.caller!, request.body.batchId, request.ip));
  registerCall(app, calls.staffImportReport, (request, reply) =>
    sendImportReport(ctx, request.caller!, request.body.batchId, reply, request.ip),
  );
}
