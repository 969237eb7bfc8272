import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { FILE_MESSAGES, orgContracts as calls } from '@hall/shared';
import { refuse } from '../../lib/hall-error';
import { registerCall } from '../../lib/route';
import {
  confirmSubImport,
  discardSubImport,
  importSubs,
  ORG_IMPORT_MAX_BYTES,
  sendOrgTemplate,
  sendSubImportReport,
} from './org-import.service';
import { subAccount, subAdd, subExport, subNotify, subOptions, subPage, subState, subUpdate } from './org.service';

/** 下属单位管理: /basic-management (92 enterprises) and /subuni-management (93 branches). */
export async function orgRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.uactRelevQueryList, (request) => subPage(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.uactRelevUpdate, (request) => subState(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.subAdd, (request) => subAdd(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.subUpdate, (request) => subUpdate(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.subAccount, (request) => subAccount(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.subNotify, (request) => subNotify(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.subExport, (request, reply) => subExport(ctx, request.caller, request.body, reply, request.ip));
  registerCall(app, calls.subOptions, (request) => subOptions(ctx, request.caller));

  // 导入下属单位: one file of at most 5 MB (one byte more is read, so an oversize file is refused, not cut).
  await app.register(multipart, {
    limits: { fileSize: ORG_IMPORT_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: true,
  });
  registerCall(app, calls.subTemplate, (_request, reply) => sendOrgTemplate(reply));
  registerCall(app, calls.subImport, async (request, reply) => {
    if (!request.isMultipart()) throw refuse(FILE_MESSAGES.empty);
    const part = await request.file();
    if (!part) throw refuse(FILE_MESSAGES.empty);
    try {
      const preview = await importSubs(
        ctx,
        request.caller,
        { fileName: part.filename ?? '', stream: part.file, truncated: () => part.file.truncated },
        request.ip,
      );
      part.file.resume();
      return preview;
    } catch (error) {
      reply.header('connection', 'close');
      throw error;
    }
  });
  registerCall(app, calls.subImportConfirm, (request) => confirmSubImport(ctx, request.caller, request.body.batchId, request.ip));
  registerCall(app, calls.subImportDiscard, (request) => discardSubImport(ctx, request.caller, request.body.batchId, request.ip));
  registerCall(app, calls.subImportReport, (request, reply) =>
    sendSubImportReport(ctx, request.caller, request.body.batchId, reply, request.ip),
  );
}
