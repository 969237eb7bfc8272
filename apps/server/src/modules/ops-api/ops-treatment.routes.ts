import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { FILE_MESSAGES, opsTreatmentContracts as calls } from '@hall/shared';
import { refuse } from '../../lib/hall-error';
import { registerCall } from '../../lib/route';
import { loadSettlements, SETTLEMENT_FILE_MAX_BYTES, treatmentList, treatmentPay } from './ops-treatment.service';

/** The operator API's settlements and treatments: load the bureau's file, list, pay a batch (operator sessions only). */
export async function opsTreatmentRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  // One file (one byte more than the limit is read, so an oversize file is refused, not cut).
  await app.register(multipart, {
    limits: { fileSize: SETTLEMENT_FILE_MAX_BYTES + 1, files: 1, fields: 2, parts: 3 },
    throwFileSizeLimit: true,
  });

  registerCall(app, calls.opsSettlementLoad, async (request, reply) => {
    if (!request.isMultipart()) throw refuse(FILE_MESSAGES.empty);
    try {
      const part = await request.file();
      if (!part) throw refuse(FILE_MESSAGES.empty);
      const result = await loadSettlements(ctx, request.operator, {
        fileName: part.filename ?? '',
        stream: part.file,
        truncated: () => part.file.truncated,
      });
      part.file.resume();
      return result;
    } catch (error) {
      // The rest of a refused body is not read: the connection closes after the answer.
      reply.header('connection', 'close');
      throw error;
    }
  });
  registerCall(app, calls.opsTreatmentList, (request) => treatmentList(ctx, request.operator, request.body));
  registerCall(app, calls.opsTreatmentPay, (request) => treatmentPay(ctx, request.operator, request.body));
}
