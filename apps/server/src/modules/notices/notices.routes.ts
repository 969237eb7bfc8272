import type { FastifyInstance } from 'fastify';
import { noticeContracts as calls, type NoticeKind } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { noticeDetail, pageNotices } from './notices.service';

/** Notices and policy documents on the gateway: public, published items only. */
export async function noticeRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  type Page = typeof calls.noticePage | typeof calls.policyPage;
  type ById = typeof calls.noticeById | typeof calls.policyById;
  const kinds: Array<[NoticeKind, Page, ById]> = [
    ['notice', calls.noticePage, calls.noticeById],
    ['policy', calls.policyPage, calls.policyById],
  ];

  for (const [kind, page, byId] of kinds) {
    registerCall(app, page, (request) => pageNotices(ctx, kind, request.body));
    registerCall(app, byId, (request) => noticeDetail(ctx, kind, request.body.id));
  }
}
