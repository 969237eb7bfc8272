import type { FastifyInstance } from 'fastify';
import { orgContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { subAccount, subAdd, subExport, subNotify, subOptions, subPage, subState, subUpdate } from './org.service';

/** 下属单位管理: /basic-management (92 enterprises) and /subuni-management (93 branches). */
export async function orgRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.uactRelevQueryList, (request) => subPage(ctx, request.caller!, request.body, request.ip));
  registerCall(app, calls.uactRelevUpdate, (request) => subState(ctx, request.caller!, request.body, request.ip));
  registerCall(app, calls.subAdd, (request) => subAdd(ctx, request.caller!, request.body, request.ip));
  registerCall(app, calls.subUpdate, (request) => subUpdate(ctx, request.caller!, request.body, request.ip));
  registerCall(app, calls.subAccount, (request) => subAccount(ctx, request.caller!, request.body, request.ip));
  registerCall(app, calls.subNotify, (request) => subNotify(ctx, request.caller!, request.body, request.ip));
  registerCall(app, calls.subExport, (request, reply) => subExport(ctx, request.caller!, request.body, reply, request.ip));
  registerCall(app, calls.subOptions, (request) => subOptions(ctx, request.caller!));
}
