import type { FastifyInstance } from 'fastify';
import { refuse } from '../lib/hall-error';

export const BAD_TEXT_MESSAGE = '输入内容含有无法识别的字符（如空字符或残缺的汉字编码），请检查后重新输入';

// A NUL, or half of a UTF-16 surrogate pair: PostgreSQL cannot store either, and no person types them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL is what this refuses
const BAD = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string in a parsed body (keys too), however deep, holds such a character. */
export function holdsBadText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return BAD.test(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsBadText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => BAD.test(key) || holdsBadText(item, depth + 1));
}

/**
 * Refuses, before any schema or service sees it, a body or query string with text the database
 * cannot hold: one clear message, nothing written, no internal error (the fault behind 20 routes
 * answering 500 and logging their SQL parameters). Runs after the envelope is opened.
 */
export async function textGuardPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (holdsBadText(request.query) || (request.routeOptions.config.sealed !== false && holdsBadText(request.body))) {
      throw refuse(BAD_TEXT_MESSAGE);
    }
  });
}
