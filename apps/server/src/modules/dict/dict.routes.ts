import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiPath, dictListRequest, dictMultipleQuery } from '@hall/shared';
import { entriesOfType, entriesOfTypes } from './dict.service';

/** Code sets (certificate types, statuses…) are public: registration pages need them before login. */
export async function dictRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.hall;
  const tags = ['字典'];

  app.get(
    ApiPath.dictMultiple,
    { config: { access: 'public' }, schema: { tags, summary: '按类型批量查询字典（types=A,B）', querystring: dictMultipleQuery } },
    (request) => entriesOfTypes(db, request.query.types),
  );

  app.post(
    ApiPath.dictList,
    { config: { access: 'public' }, schema: { tags, summary: '查询一个类型的字典', body: dictListRequest } },
    (request) => entriesOfType(db, request.body.type),
  );
}
