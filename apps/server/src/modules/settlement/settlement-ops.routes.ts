import type { FastifyInstance } from 'fastify';
import { opsCalls, opsTreatmentContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { receiveFile } from '../../lib/upload';
import { exportBatch } from './batch-export.service';
import { exportBankFile, listFailedLines } from './payout-bank.service';
import { listTreatments, payTreatments } from './payout.service';
import { editProductRecomputing } from './rule-change.service';
import { payoutBatches, SETTLEMENT_FILE_MAX_BYTES, settlementLoads } from './settlement.service';
import {
  confirmSettlements,
  discardSettlements,
  SETTLEMENT_TOO_LARGE,
  sendSettlementReport,
  stageSettlements,
} from './settlement-stage.service';

/** The operator API's settlements and treatments: stage and confirm the bureau's file, list, pay a batch (operator sessions only). */
export async function opsSettlementRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.opsSettlementLoadList, () => settlementLoads(ctx));
  registerCall(app, calls.opsPayoutBatchList, (request) => payoutBatches(ctx, request.body.kind));
  registerCall(app, calls.opsPayoutBatchExport, (request, reply) => exportBatch(ctx, reply, request.body.batchNo));
  registerCall(app, calls.opsPayoutBankFile, (request, reply) => exportBankFile(ctx, request.operator.name, reply, request.body));
  registerCall(app, calls.opsPayoutFailedLines, (request) => listFailedLines(ctx, request.body.batchNo));
  // The bank's result (opsPayoutResultLoad): claims-ops.routes.ts, which hands it the claims' return to 待发放.
  // A product's edit lives here: a new benefit rule recomputes the treatments computed under the old one.
  registerCall(app, opsCalls.opsProductEdit, (request) => editProductRecomputing(ctx, request.operator.name, request.body));
  // The settlement file: one file of at most 200 MB, staged for its preview (the form's uploadId first).
  registerCall(app, calls.opsSettlementStage, (request, reply) =>
    receiveFile(request, reply, { maxBytes: SETTLEMENT_FILE_MAX_BYTES, tooLarge: SETTLEMENT_TOO_LARGE, fields: 2 }, (file) =>
      stageSettlements(ctx, request.operator, file),
    ),
  );
  registerCall(app, calls.opsSettlementConfirm, (request) => confirmSettlements(ctx, request.operator, request.body.batchId));
  registerCall(app, calls.opsSettlementDiscard, (request) => discardSettlements(ctx, request.operator, request.body.batchId));
  registerCall(app, calls.opsSettlementReport, (request, reply) =>
    sendSettlementReport(ctx, request.operator, request.body.batchId, reply),
  );
  registerCall(app, calls.opsTreatmentList, (request) => listTreatments(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsTreatmentPay, (request) => payTreatments(ctx, request.operator.name, request.body));
}
