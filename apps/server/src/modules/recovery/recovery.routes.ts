import type { FastifyInstance } from 'fastify';
import { recoveryContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { bindEmail, findBackPassword, resetOwnPassword } from './recovery.service';

/** /findback-pwd (by SMS, before login), /restPwd and /bindEmail (logged in). */
export async function recoveryRoutes(app: FastifyInstance) {
  const ctx = app.hall;

  registerCall(app, calls.findBackPassword, (request) => findBackPassword(ctx, request.body, request.ip));

  registerCall(app, calls.resetPassword, (request) => resetOwnPassword(ctx, request.caller, request.body, request.ip));

  registerCall(app, calls.bindEmail, (request) => bindEmail(ctx, request.caller, request.body, request.ip));
}
