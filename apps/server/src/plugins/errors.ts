import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code, SERIAL_MARKER } from '@hall/shared';
import { HallError } from '../lib/hall-error';
import { answer } from './envelope';

/** The answer for an API path that does not exist (also reached through the portal's static route). */
export function apiNotFound(key: string, request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send(answer(key, Code.FAIL, `接口不存在：${request.method} ${request.url.split('?')[0]}`));
}

/**
 * What the log keeps of an unexpected fault: its kind, the database's error code and constraint,
 * and the stack without the message line. Never the message itself or the query: a failed query's
 * message carries its SQL and parameters (ID numbers, phones), and a database message may quote a value.
 */
export function faultOf(error: unknown) {
  const e = error as {
    name?: string;
    code?: string;
    stack?: string;
    cause?: { code?: string; constraint?: string; routine?: string; name?: string };
  };
  const cause = e.cause && typeof e.cause === 'object' ? e.cause : undefined;
  return {
    type: e.name ?? typeof error,
    code: e.code,
    dbCode: cause?.code,
    constraint: cause?.constraint,
    routine: cause?.routine,
    // Only the frames: the message (which may span lines) is part of the stack text too.
    stack: e.stack
      ?.split('\n')
      .filter((line) => /^\s+at /.test(line))
      .slice(0, 8)
      .join('\n'),
  };
}

/**
 * Every failure of an API route becomes an envelope answer with HTTP 200 (the client reads the
 * code): refusals keep their code and Chinese message; a malformed body is a bad envelope; an
 * unexpected fault is logged and answered with a serial number the client cuts (R53).
 */
export async function errorsPlugin(app: FastifyInstance) {
  const key = app.hall.config.envelopeKey;

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HallError) {
      return reply.status(200).send(answer(key, error.code, error.message, error.data));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(200).send(answer(key, Code.FAIL, first?.message || '请求参数不正确'));
    }
    if (error.validation) {
      return reply.status(200).send(answer(key, Code.FAIL, error.validation[0]?.message || '请求参数不正确'));
    }
    // Before the content-type errors: an over-size body is FST_ERR_CTP_BODY_TOO_LARGE, and the
    // client must hear that it is too large, not that its envelope is malformed.
    if (error.statusCode === 413) {
      return reply.status(200).send(answer(key, Code.FAIL, '请求内容过大，请减少内容后重试'));
    }
    if (error.code?.startsWith('FST_ERR_CTP_') || error.statusCode === 400) {
      return reply.status(200).send(answer(key, Code.BAD_ENVELOPE, '请求报文格式错误'));
    }
    request.log.error({ fault: faultOf(error) }, 'unexpected fault');
    return reply.status(200).send(answer(key, Code.INTERNAL, `系统繁忙，请联系管理员。${SERIAL_MARKER}：${request.id}`));
  });

  app.setNotFoundHandler((request, reply) => apiNotFound(key, request, reply));
}
