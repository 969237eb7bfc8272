import type { FastifyInstance } from 'fastify';
import { orgContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { receiveFile } from '../../lib/upload';
import {
  confirmSubImport,
  discardSubImport,
  importSubs,
  ORG_IMPORT_MAX_BYTES,
  ORG_IMPORT_MESSAGES,
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

  registerCall(app, calls.subTemplate, (_request, reply) => sendOrgTemplate(reply));
  // 导入下属单位: one file of at most 5 MB.
  registerCall(app, calls.subImport, (request, reply) =>
    receiveFile(request, reply, { maxBytes: ORG_IMPORT_MAX_BYTES, tooLarge: ORG_IMPORT_MESSAGES.tooLarge }, (file) =>
      importSubs(ctx, request.caller, file, request.ip),
    ),
  );
  registerCall(app, calls.subImportConfirm, (request) => confirmSubImport(ctx, request.caller, request.body.batchId, request.ip));
  registerCall(app, calls.subImportDiscard, (request) => discardSubImport(ctx, request.caller, request.body.batchId, request.ip));
  registerCall(app, calls.subImportReport, (request, reply) =>
    sendSubImportReport(ctx, request.caller, request.body.batchId, reply, request.ip),
  );
}
