import type { FastifyInstance } from 'fastify';
import { featureContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { exportPersonalArchive, exportUnitArchive, personalArchive, unitArchive } from './archive.service';
import { mailBatch, staffBatchLeave } from './batch.service';
import { queryEvaluations, submitEvaluation } from './evaluation.service';
import { readFlags } from './flags.service';

/** The portal's calls of the feature flags and of the features they gate (docs-flags.md). */
export async function featureRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.featureFlags, () => readFlags(ctx.db));
  registerCall(app, calls.archivePersonal, (request) => personalArchive(ctx, request.caller));
  registerCall(app, calls.archivePersonalExport, (request, reply) => exportPersonalArchive(ctx, request.caller, reply, request.ip));
  registerCall(app, calls.archiveUnit, (request) => unitArchive(ctx, request.caller));
  registerCall(app, calls.archiveUnitExport, (request, reply) => exportUnitArchive(ctx, request.caller, reply, request.ip));
  registerCall(app, calls.evaluationSubmit, (request) => submitEvaluation(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.evaluationQuery, (request) => queryEvaluations(ctx, request.caller, request.body));
  registerCall(app, calls.mailBatch, (request) => mailBatch(ctx, request.caller, request.body));
  registerCall(app, calls.staffBatchLeave, (request) => staffBatchLeave(ctx, request.caller, request.body, request.ip));
}
