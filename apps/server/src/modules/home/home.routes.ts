import type { FastifyInstance } from 'fastify';
import { homeContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { claimYears, homeFigures, treatmentYears } from './home.service';

/** /Home 首页: the statistics of the caller's scope (both login types, needInsured like the page). */
export async function homeRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.treatDataYear, (request) => treatmentYears(ctx, request.caller, request.body));
  registerCall(app, calls.subsidyFrequencyAmount, (request) => claimYears(ctx, request.caller, request.body));
  registerCall(app, calls.homeFigures, (request) => homeFigures(ctx, request.caller));
}
