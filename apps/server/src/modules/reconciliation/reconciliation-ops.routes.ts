import type { FastifyInstance } from 'fastify';
import { opsMoneyCalls as calls } from '@hall/shared';
import { refuse } from '../../lib/hall-error';
import { registerCall } from '../../lib/route';
import { receiveFile } from '../../lib/upload';
import { confirmStatement, discardStatement, sendStatementReport, STATEMENT_MAX_BYTES, stageStatement } from './statement-stage.service';
import { bankFormats, closeCredit, listCredits, listStatements, matchCredits, saveBankFormat } from './reconcile.service';

/** Finance's bank reconciliation (/ops/api/statements, /ops/api/credits): reconcile.service. */
export async function opsReconciliationRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  // The statement: one file of at most 10 MB, the bank named in the form field before it (with the upload's id).
  registerCall(app, calls.opsStatementStage, (request, reply) =>
    receiveFile(request, reply, { maxBytes: STATEMENT_MAX_BYTES, tooLarge: '对账单文件不能超过 10MB', fields: 3 }, (file) => {
      const bank = file.fields?.bank?.trim().slice(0, 20);
      if (!bank) {
        file.stream.resume();
        throw refuse('请选择银行');
      }
      return stageStatement(ctx, request.operator, bank, file);
    }),
  );
  registerCall(app, calls.opsStatementConfirm, (request) => confirmStatement(ctx, request.operator, request.body.batchId));
  registerCall(app, calls.opsStatementDiscard, (request) => discardStatement(ctx, request.operator, request.body.batchId));
  registerCall(app, calls.opsStatementReport, (request, reply) => sendStatementReport(ctx, request.operator, request.body.batchId, reply));
  registerCall(app, calls.opsStatementList, () => listStatements(ctx));
  registerCall(app, calls.opsCreditList, (request) => listCredits(ctx, request.body));
  registerCall(app, calls.opsCreditMatch, (request) => matchCredits(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsCreditClose, (request) => closeCredit(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsBankFormatList, () => bankFormats(ctx));
  registerCall(app, calls.opsBankFormatSave, (request) => saveBankFormat(ctx, request.operator.name, request.body));
}
