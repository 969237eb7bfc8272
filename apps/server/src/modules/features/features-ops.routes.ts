import type { FastifyInstance } from 'fastify';
import { featureContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { listEvaluations } from './evaluation.service';
import { listFlags, setFlag } from './flags.service';

/** The operator API's feature flags and 好差评 list (operator sessions only; setting a flag is audited). */
export async function opsFeatureRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.opsFeatureFlagList, async () => ({ list: await listFlags(ctx.db) }));
  registerCall(app, calls.opsFeatureFlagSet, (request) => setFlag(ctx, request.operator.name, request.body.name, request.body.on));
  registerCall(app, calls.opsEvaluationList, (request) => listEvaluations(ctx.db, request.body.kind));
}
