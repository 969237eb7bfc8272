import type { FastifyInstance } from 'fastify';
import { participationContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { exportParticipation, participationList, participationTotal } from './participation.service';

/** /participation: the unit's staff participation (unit login, needInsured). */
export async function participationRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.joinMedSituationTotal, (request) => participationTotal(ctx, request.caller, request.body));
  registerCall(app, calls.joinMedSituationList, (request) => participationList(ctx, request.caller, request.body));
  registerCall(app, calls.joinMedSituationExport, (request, reply) => exportParticipation(ctx, request.caller, request.body, reply));
}
