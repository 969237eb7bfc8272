import type { FastifyInstance } from 'fastify';
import { opsContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { editNotice, noticeList, publishNotice, withdrawNotice } from './notices.service';

/**
 * The operator API's notices and policy documents (/ops/api/notices/...), in the operator's name.
 * Text only: attachments come with an upload call of the operator API (not built yet; the CLI takes them).
 */
export async function opsNoticeRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.opsNoticeList, () => noticeList(ctx));
  registerCall(app, calls.opsNoticePublish, async (request) => {
    const { draft, ...notice } = request.body;
    const created = await publishNotice(ctx, request.operator.name, { ...notice, publish: draft !== true });
    return { id: String(created.id) };
  });
  registerCall(app, calls.opsNoticeEdit, async (request) => {
    const { id, ...change } = request.body;
    await editNotice(ctx, request.operator.name, id, change);
    return null;
  });
  registerCall(app, calls.opsNoticeWithdraw, async (request) => {
    await withdrawNotice(ctx, request.operator.name, request.body.id);
    return null;
  });
}
