import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { enrolmentContracts as calls, FILE_MAX_BYTES } from '@hall/shared';
import { refuse } from '../../lib/hall-error';
import { ERROR_REPORT_SHEET } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { sendTable, sendTemplateTable } from '../../lib/table-export';
import { confirmApplyImport, ERROR_COLUMNS, errorReport, receiveApplyImport, TEMPLATE_COLUMNS } from './apply-import.service';
import { approve, batchApprove, detailForReview, listForReview, returnForChanges } from './apply-review.service';
import { addLines, cancel, createApplication, removeLines, submit } from './apply.service';
import { detailOwn, listOwn, periodList, staffOptions } from './apply-view.service';

/**
 * Mutual-aid applications (/apply-query) and the 92 union's review (/apply-examine). The import
 * is multipart and not sealed (spec §7); the template and the error report are downloads.
 */
export async function enrolmentRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  // One file and a few fields; one byte past the limit so an oversize file is seen as such.
  await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES + 1, files: 1, fields: 5, parts: 6 }, throwFileSizeLimit: true });

  registerCall(app, calls.periodList, () => periodList(ctx));
  registerCall(app, calls.applyList, (request) => listOwn(ctx, request.caller, request.body));
  registerCall(app, calls.applyDetail, (request) => detailOwn(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.applyCreate, (request) => createApplication(ctx, request.caller, request.body));
  registerCall(app, calls.applyStaffOptions, (request) => staffOptions(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.applyAddLines, (request) => addLines(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.applyRemoveLines, (request) => removeLines(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.applySubmit, (request) => submit(ctx, request.caller, request.body.id, request.ip));
  registerCall(app, calls.applyCancel, (request) => cancel(ctx, request.caller, request.body, request.ip));

  registerCall(app, calls.applyImport, async (request, reply) => {
    if (!request.isMultipart()) throw refuse('请选择要导入的文件');
    try {
      return await receiveApplyImport(ctx, request.caller, request.parts(), request.ip);
    } catch (error) {
      // The rest of a refused body is not read: close the connection after the answer.
      reply.header('connection', 'close');
      throw error;
    }
  });
  registerCall(app, calls.applyImportConfirm, (request) => confirmApplyImport(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.applyImportErrors, async (request, reply) => {
    const report = await errorReport(ctx, request.caller, request.body.batchId, request.ip);
    return sendTable(reply, report.fileName, ERROR_REPORT_SHEET, ERROR_COLUMNS, report.rows);
  });
  registerCall(app, calls.applyTemplate, (_request, reply) =>
    sendTemplateTable(reply, '互助申请导入模板.xlsx', '互助申请', TEMPLATE_COLUMNS, []),
  );

  registerCall(app, calls.examineList, (request) => listForReview(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.examineDetail, (request) => detailForReview(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.examineApprove, (request) => approve(ctx, request.caller, request.body.id, request.ip));
  registerCall(app, calls.examineReturn, (request) => returnForChanges(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.examineBatchApprove, (request) => batchApprove(ctx, request.caller, request.body, request.ip));
}
