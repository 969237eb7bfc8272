import type { FastifyInstance } from 'fastify';
import { personalContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { changeCard, changePhone, personalInfo, sendCardCode, sendPhoneCode } from './personal.service';

/** /personalInformationBase: the person's own record, phone and bank card changes (personal login). */
export async function personalRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.personalInfo, (request) => personalInfo(ctx, request.caller));
  registerCall(app, calls.personalPhoneCode, (request) => sendPhoneCode(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.personalPhoneChange, (request) => changePhone(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.personalCardCode, (request) => sendCardCode(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.personalCardChange, (request) => changeCard(ctx, request.caller, request.body, request.ip));
}
