import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import { fileBytes, type Access, type CallParsed, type Contract } from '@hall/shared';
import type { Caller, OperatorCaller } from '../types';

/** The envelope around a call's `data`, as the OpenAPI document shows it (on the wire `data` is sealed). */
export const envelopeOf = (data: z.ZodType) =>
  z.strictObject({
    code: z.number().int(),
    type: z.enum(['success', 'error', 'warning']),
    message: z.string(),
    data: data.describe('data（加密前；线上为密文 Base64）'),
  });

/** Whether the call answers an envelope whose `data` the contract describes (not file bytes). */
export const answersData = (call: Contract) => call.response !== fileBytes;

/**
 * Who calls, by the contract's access, as the auth plugin has already made sure before the handler
 * runs (it refuses every other caller): a unit call's `request.caller` has its unit, a personal
 * call's its person, an 'any' call either; an operator call has `request.operator`; a public call
 * neither (plugins/auth.ts callerIfAny reads an optional token).
 */
export type CallerOf<A extends Access> = A extends 'operator'
  ? { operator: OperatorCaller }
  : A extends 'unit' | 'personal'
    ? { caller: Caller<A> }
    : A extends 'any'
      ? { caller: Caller }
      : unknown;

/** A handler's request: the body (POST) or query (GET) already parsed by the contract's request schema, and its caller. */
export type CallRequest<C extends Contract> = FastifyRequest<{ Body: CallParsed<C>; Querystring: CallParsed<C> }> & CallerOf<C['access']>;

/** What a handler answers: the `data` (checked against the contract, then sealed), or the reply itself (downloads). */
export type CallHandler<C extends Contract> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => Promise<z.input<C['response']> | FastifyReply | undefined> | z.input<C['response']> | FastifyReply | undefined;

/**
 * Registers the route of a contract: method, url, who may call (config.access, needInsured),
 * sealing (config.sealed), the request schema (body or query string) and the response schema
 * (the envelope plugin checks the handler's answer against it before sealing; OpenAPI shows it).
 */
export function registerCall<C extends Contract>(app: FastifyInstance, call: C, handler: CallHandler<C>) {
  const schema: FastifySchema & { tags: string[]; summary: string; consumes?: string[] } = { tags: call.tags, summary: call.summary };
  if (call.consumes) schema.consumes = call.consumes;
  if (call.request) schema[call.method === 'GET' ? 'querystring' : 'body'] = call.request;
  if (answersData(call)) schema.response = { 200: envelopeOf(call.response) };
  app.route({
    method: call.method,
    url: call.path,
    config: { access: call.access, sealed: call.sealed, call, ...(call.ipLimit ? { ipLimit: call.ipLimit } : {}) },
    schema,
    handler: async (request, reply) => {
      const data = await handler(request as CallRequest<C>, reply);
      // A download has sent its stream: answering anything else would be a second reply.
      if (reply.sent || data === reply) return reply;
      return data === undefined ? null : data;
    },
  });
}
