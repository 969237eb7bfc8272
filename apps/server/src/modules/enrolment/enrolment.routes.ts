import type { FastifyInstance } from 'fastify';
import { enrolmentContracts as calls } from '@hall/shared';
import { ERROR_REPORT_SHEET } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { sendTable, sendTemplateTable } from '../../lib/table-export';
import { FILE_UPLOAD, receiveFile } from '../../lib/upload';
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
  registerCall(app, calls.periodList, () => periodList(ctx));
  registerCall(app, calls.applyList, (request) => listOwn(ctx, request.caller, request.body));
  registerCall(app, calls.applyDetail, (request) => detailOwn(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.applyCreate, (request) => createApplication(ctx, request.caller, request.body));
  registerCall(app, calls.applyStaffOptions, (request) => staffOptions(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.applyAddLines, (request) => addLines(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.applyRemoveLines, (request) => removeLines(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.applySubmit, (request) => submit(ctx, request.caller, request.body.id, request.ip));
  registerCall(app, calls.applyCancel, (request) => cancel(ctx, request.caller, request.body, request.ip));

  // The fields (periodYear, kind, applicationId?) come before the file.
  registerCall(app, calls.applyImport, (request, reply) =>
    receiveFile(request, reply, { ...FILE_UPLOAD, missing: '请选择要导入的文件' }, (file) =>
      receiveApplyImport(ctx, request.caller, file, request.ip),
    ),
  );
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
