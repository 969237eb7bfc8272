import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiPath, dictListRequest, dictMultipleQuery } from '@hall/shared';
import { refuse } from '../../lib/hall-error';
import { listEntries } from './dict.repository';

const TYPE_NAME = /^[A-Z][A-Z0-9_]{1,39}$/;
const MAX_TYPES = 20;

function parseTypes(raw: string): string[] {
  const types = [...new Set(raw.split(',').map((t) => t.trim()).filter(Boolean))];
  if (types.length === 0) throw refuse('请指定字典类型');
  if (types.length > MAX_TYPES) throw refuse(`一次最多查询${MAX_TYPES}个字典类型`);
  const bad = types.find((t) => !TYPE_NAME.test(t));
  if (bad) throw refuse(`字典类型格式不正确：${bad}`);
  return types;
}

/** Code sets (certificate types, statuses…) are public: registration pages need them before login. */
export async function dictRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.hall;
  const tags = ['字典'];

  app.get(
    ApiPath.dictMultiple,
    { config: { access: 'public' }, schema: { tags, summary: '按类型批量查询字典（types=A,B）', querystring: dictMultipleQuery } },
    (request) => listEntries(db, parseTypes(request.query.types)),
  );

  app.post(
    ApiPath.dictList,
    { config: { access: 'public' }, schema: { tags, summary: '查询一个类型的字典', body: dictListRequest } },
    async (request) => (await listEntries(db, parseTypes(request.body.type)))[request.body.type],
  );
}
