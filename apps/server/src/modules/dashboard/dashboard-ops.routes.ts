import type { FastifyInstance } from 'fastify';
import { opsAdminCalls as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { dashboard } from './dashboard.service';

/** 工作台 of the back office: the operator's queues and today's figures. */
export async function opsDashboardRoutes(app: FastifyInstance) {
  registerCall(app, calls.opsDashboard, (request) => dashboard(app.hall, request.operator.roles));
}
