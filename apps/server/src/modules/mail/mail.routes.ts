import type { FastifyInstance } from 'fastify';
import { mailContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { ownMailPage, readManyOwnMail, readOwnMail } from './mail.service';

export async function mailRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.mailPage, (request) => ownMailPage(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.mailRead, (request) => readOwnMail(ctx, request.caller, request.body.id));
  registerCall(app, calls.mailReadAll, (request) => readManyOwnMail(ctx, request.caller, request.body));
}
