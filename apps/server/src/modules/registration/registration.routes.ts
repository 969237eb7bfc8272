import type { FastifyInstance } from 'fastify';
import { registrationContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { checkUnitInfo, firstContacts, registrationInfo, submitRegistration } from './registration.service';
import { completeUnitInfo, unitInfo } from './unit-info.service';

/** Unit registration (/register → /registerNext → /registerEnd) and /improveInfo. */
export async function registrationRoutes(app: FastifyInstance) {
  const ctx = app.hall;

  registerCall(app, calls.queryFirstContact, () => firstContacts(ctx));

  registerCall(app, calls.queryFirstContactForOrg, (request) => firstContacts(ctx, request.body.empName));

  registerCall(app, calls.checkUnitInfo, (request) => checkUnitInfo(ctx, request.body));

  registerCall(app, calls.insertRegisterInfo, (request) => submitRegistration(ctx, { kind: 'unit', input: request.body }, request.ip));

  registerCall(app, calls.selectRegUserInfo, (request) => registrationInfo(ctx, request.body.empUact));

  registerCall(app, calls.selectUnitInfo, (request) => unitInfo(ctx, request.caller));

  registerCall(app, calls.completionRegInfo, (request) => completeUnitInfo(ctx, request.caller, request.body));
}
