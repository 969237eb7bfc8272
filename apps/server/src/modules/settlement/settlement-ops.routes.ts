import type { FastifyInstance } from 'fastify';
import { FILE_MESSAGES, opsTreatmentContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { receiveFile, spooledFile } from '../../lib/upload';
import { listTreatments, payTreatments } from './payout.service';
import { loadSettlements, SETTLEMENT_FILE_MAX_BYTES } from './settlement.service';

/** The operator API's settlements and treatments: load the bureau's file, list, pay a batch (operator sessions only). */
export async function opsSettlementRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  // The settlement file: one file of at most 200 MB (the refusal has always said 10 MB: FILE_MESSAGES.tooLarge).
  registerCall(app, calls.opsSettlementLoad, (request, reply) =>
    receiveFile(request, reply, { maxBytes: SETTLEMENT_FILE_MAX_BYTES, tooLarge: FILE_MESSAGES.tooLarge, fields: 2 }, (file) =>
      spooledFile(file, (loaded) => loadSettlements(ctx, request.operator.name, loaded)),
    ),
  );
  registerCall(app, calls.opsTreatmentList, (request) => listTreatments(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsTreatmentPay, (request) => payTreatments(ctx, request.operator.name, request.body));
}
