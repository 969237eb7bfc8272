import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiPath, mailPageRequest, mailReadRequest } from '@hall/shared';
import { audit } from '../../lib/audit';
import { refuse } from '../../lib/hall-error';
import type { Caller } from '../../types';
import { markRead, pageMail, type Recipient } from './mail.repository';

const recipientOf = (caller: Caller): Recipient =>
  caller.loginType === 'unit' ? { kind: 'unit', key: caller.unit!.uact } : { kind: 'personal', key: caller.person!.certNo };

export async function mailRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.hall;
  const tags = ['站内信'];

  app.post(
    ApiPath.mailPage,
    { schema: { tags, summary: '收件箱分页（readFlag 0 未读；data.totlCnt 为总数）', body: mailPageRequest } },
    async (request) => {
      const caller = request.caller!;
      const recipient = recipientOf(caller);
      // The client names whose mail it wants (uact or certNo): it must be the caller's own.
      const named = caller.loginType === 'unit' ? request.body.uact : request.body.certNo ?? request.body.uact;
      if (named && named !== recipient.key) {
        await audit(db, clock.now(), { actorKind: caller.loginType, actorKey: caller.loginName, action: 'permission-refused', detail: { call: 'mail', named }, ip: request.ip });
        throw refuse('无权查看其他账号的消息');
      }
      return pageMail(db, recipient, request.body);
    },
  );

  app.post(ApiPath.mailRead, { schema: { tags, summary: '标记消息已读', body: mailReadRequest } }, async (request) => {
    const id = Number(request.body.id);
    if (!Number.isSafeInteger(id) || id <= 0 || !(await markRead(db, recipientOf(request.caller!), id, clock.now()))) {
      throw refuse('消息不存在或无权操作');
    }
    return null;
  });
}
