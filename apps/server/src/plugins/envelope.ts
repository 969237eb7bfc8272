import type { FastifyInstance, FastifyReply } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CHANNEL, Code, EnvelopeError, open, PROTOCOL_HEADER, PROTOCOL_VERSION, seal } from '@hall/shared';
import { nodeCipher } from '../lib/node-cipher';
import { HallError } from '../lib/hall-error';

const ANSWERED = Symbol('answered');

export interface Answer {
  code: number;
  type: 'success' | 'error' | 'warning';
  message: string;
  data?: string;
  [ANSWERED]?: true;
}

/** Builds the spec's answer {code, type, message, data}, sealing data when there is any. */
export function answer(key: string, code: number, message: string, data?: unknown): Answer {
  const type = code === Code.OK ? 'success' : code === Code.NOTICE ? 'warning' : 'error';
  const body: Answer = { code, type, message };
  if (data !== undefined) body.data = seal(data, key, nodeCipher);
  Object.defineProperty(body, ANSWERED, { value: true, enumerable: false });
  return body;
}

const envelopeFaults: Record<EnvelopeError['fault'], string> = {
  'bad-base64': '请求报文解密失败：data 不是有效的 Base64',
  'bad-cipher': '请求报文解密失败，请刷新页面后重试',
  'bad-json': '请求报文解密后不是有效的 JSON',
};

const isAnswered = (payload: unknown) => !!payload && typeof payload === 'object' && !!(payload as Answer)[ANSWERED];

/**
 * The spec's envelope for every API route (R51): checks the client's protocol version (-4),
 * opens sealed request bodies before validation and seals every answer.
 *
 * Answers of a route registered from a contract (lib/route.ts) are sealed by the serializer, after
 * the contract's response schema has checked the plain data: a handler answering a field the
 * contract does not name fails (code 500, logged), it never reaches the client sealed and unseen.
 */
export async function envelopePlugin(app: FastifyInstance) {
  const key = app.hall.config.envelopeKey;

  app.addHook('onRequest', async (request) => {
    const version = request.headers[PROTOCOL_HEADER];
    if (version !== undefined && version !== PROTOCOL_VERSION) {
      throw new HallError(Code.RESET_CLIENT, '系统已升级，请刷新页面后重新操作');
    }
  });

  app.addHook('preValidation', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const sealed = request.routeOptions.config.sealed;
    if (sealed === false) return;
    const body = request.body as unknown;
    if (body === undefined || body === null) {
      request.body = {};
      return;
    }
    if (typeof body !== 'object' || Array.isArray(body)) throw new HallError(Code.BAD_ENVELOPE, '请求报文格式错误');
    // A plain body on a call that takes either form: nothing to open.
    if (sealed === 'either' && !('data' in body) && !('channel' in body)) return;
    const { data, channel } = body as { data?: unknown; channel?: unknown };
    if (channel !== CHANNEL) throw new HallError(Code.BAD_ENVELOPE, '请求渠道不正确');
    if (typeof data !== 'string' || data.length === 0) throw new HallError(Code.BAD_ENVELOPE, '请求报文缺少 data 字段');
    try {
      request.body = open(data, key, nodeCipher);
    } catch (error) {
      if (error instanceof EnvelopeError) throw new HallError(Code.BAD_ENVELOPE, envelopeFaults[error.fault]);
      throw error;
    }
    if (request.body === null) request.body = {};
  });

  app.addHook('preSerialization', async (request, _reply: FastifyReply, payload: unknown) => {
    if (isAnswered(payload)) return payload;
    // Open for now: the route's serializer checks it against the contract, then seals it.
    if (request.routeOptions.config.call && request.routeOptions.schema?.response)
      return { code: Code.OK, type: 'success', message: '操作成功', data: payload ?? null };
    return answer(key, Code.OK, '操作成功', payload ?? null);
  });

  // Response schemas (envelopeOf(contract.response), lib/route.ts): check the open answer, then seal its data.
  app.setSerializerCompiler(({ schema, method, url }) => {
    const envelope = schema as z.ZodType;
    return (payload: unknown) => {
      if (isAnswered(payload)) return JSON.stringify(payload);
      const checked = envelope.safeParse(payload);
      if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
      const open = checked.data as { code: number; message: string; data: unknown };
      return JSON.stringify(answer(key, open.code, open.message, open.data));
    };
  });
}
