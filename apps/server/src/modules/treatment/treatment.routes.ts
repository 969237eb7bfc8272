import type { FastifyInstance } from 'fastify';
import { treatmentContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { exportTreatments, treatmentDetail, treatmentPage } from './treatment.service';

/** 互助待遇查询: a unit's staff's treatments and a person's own (the service scopes each by the caller). */
export async function treatmentRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.treatmentPage, (request) => treatmentPage(ctx, request.caller, request.body));
  registerCall(app, calls.treatmentDetail, (request) =>
    treatmentDetail(ctx, request.caller, request.body.id, 'treatmentDetail', request.ip),
  );
  registerCall(app, calls.treatmentExport, (request, reply) => exportTreatments(ctx, request.caller, request.body, reply, request.ip));
  registerCall(app, calls.treatmentPersonalPage, (request) => treatmentPage(ctx, request.caller, request.body));
  registerCall(app, calls.treatmentPersonalDetail, (request) =>
    treatmentDetail(ctx, request.caller, request.body.id, 'treatmentPersonalDetail', request.ip),
  );
  registerCall(app, calls.treatmentPersonalExport, (request, reply) =>
    exportTreatments(ctx, request.caller, request.body, reply, request.ip),
  );
}
