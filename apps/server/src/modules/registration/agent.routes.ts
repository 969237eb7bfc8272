import type { FastifyInstance } from 'fastify';
import { agentContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { entriesOfType } from '../dict/dict.service';
import { agentExists, agentMobile, checkRealName, registerAgent } from './agent.service';

/** Agent (经办人) registration and the real-name check, before login. */
export async function agentRoutes(app: FastifyInstance) {
  const ctx = app.hall;

  registerCall(app, calls.checkAgentExist, (request) => agentExists(ctx, request.body));

  registerCall(app, calls.agentRegister, (request) => registerAgent(ctx, request.body, request.ip));

  registerCall(app, calls.selectOpterMobInfo, (request) => agentMobile(ctx, request.body));

  registerCall(app, calls.checkRealName, (request) => checkRealName(ctx, request.caller, request.body, request.ip));

  registerCall(app, calls.publicDicList, (request) => entriesOfType(ctx.db, request.body.type));
}
