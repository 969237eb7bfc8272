import type { FastifyInstance } from 'fastify';
import { payableContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { listPayables, paymentNotice } from './payable.service';

/** /payment 应缴金额: the unit's own applications (unit login, needInsured). */
export async function payableRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.payableList, (request) => listPayables(ctx, request.caller, request.body));
  registerCall(app, calls.paymentNotice, (request) => paymentNotice(ctx, request.caller, request.body.id, request.ip));
}
