import type { FastifyInstance } from 'fastify';
import { FILE_MESSAGES, opsTreatmentContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { receiveFile } from '../../lib/upload';
import { loadSettlements, SETTLEMENT_FILE_MAX_BYTES, treatmentList, treatmentPay } from './ops-treatment.service';

/** The operator API's settlements and treatments: load the bureau's file, list, pay a batch (operator sessions only). */
export async function opsTreatmentRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  // The settlement file: one file of at most 200 MB (the refusal has always said 10 MB: FILE_MESSAGES.tooLarge).
  registerCall(app, calls.opsSettlementLoad, (request, reply) =>
    receiveFile(request, reply, { maxBytes: SETTLEMENT_FILE_MAX_BYTES, tooLarge: FILE_MESSAGES.tooLarge, fields: 2 }, (file) =>
      loadSettlements(ctx, request.operator, file),
    ),
  );
  registerCall(app, calls.opsTreatmentList, (request) => treatmentList(ctx, request.operator, request.body));
  registerCall(app, calls.opsTreatmentPay, (request) => treatmentPay(ctx, request.operator, request.body));
}
