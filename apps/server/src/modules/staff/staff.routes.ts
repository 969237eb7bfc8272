import type { FastifyInstance } from 'fastify';
import { ROSTER_TOO_LARGE, staffContracts as calls, UPLOAD_ID_HEADER } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { receiveFile } from '../../lib/upload';
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
  registerCall(app, calls.staffPage, (request) => staffPage(ctx, request.caller, request.body));
  registerCall(app, calls.staffById, (request) => staffById(ctx, request.caller, request.body.id, request.ip));
  registerCall(app, calls.staffAdd, (request) => addStaff(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.staffUpdate, (request) => updateStaff(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.staffLeave, (request) => leaveStaff(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.staffExport, (request, reply) => exportStaff(ctx, request.caller, request.body, reply, request.ip));
  registerCall(app, calls.staffTemplate, (_request, reply) => sendTemplate(reply));

  registerCall(app, calls.staffImport, (request, reply) =>
    receiveFile(request, reply, { maxBytes: ROSTER_FILE_MAX_BYTES, tooLarge: ROSTER_TOO_LARGE }, (file) =>
      importRoster(ctx, request.caller, { ...file, uploadId: String(request.headers[UPLOAD_ID_HEADER] ?? '').slice(0, 64) || undefined }),
    ),
  );
  registerCall(app, calls.staffImportConfirm, (request) => confirmImport(ctx, request.caller, request.body.batchId, request.ip));
  registerCall(app, calls.staffImportDiscard, (request) => discardImport(ctx, request.caller, request.body.batchId, request.ip));
  registerCall(app, calls.staffImportProgress, (request) => importProgress(request.caller, request.body.uploadId));
  registerCall(app, calls.staffImportPreview, (request) => importPreview(ctx, request.caller, request.body.batchId, request.ip));
  registerCall(app, calls.staffImportReport, (request, reply) =>
    sendImportReport(ctx, request.caller, request.body.batchId, reply, request.ip),
  );
}
