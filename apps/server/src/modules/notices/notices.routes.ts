import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiPath, noticeByIdRequest, noticePageRequest, type NoticeKind } from '@hall/shared';
import { KIND_LABELS, noticeDetail, pageNotices } from './notices.service';

/** Notices and policy documents on the gateway: public, published items only. */
export async function noticeRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const ctx = app.hall;
  const tags = ['通知公告与政策文件'];
  const config = { access: 'public' as const };
  const calls: Array<[NoticeKind, string, string]> = [
    ['notice', ApiPath.noticePage, ApiPath.noticeById],
    ['policy', ApiPath.policyPage, ApiPath.policyById],
  ];

  for (const [kind, pagePath, byIdPath] of calls) {
    app.post(
      pagePath,
      { config, schema: { tags, summary: `${KIND_LABELS[kind]}分页（按标题搜索，最新在前）`, body: noticePageRequest } },
      (request) => pageNotices(ctx, kind, request.body),
    );
    app.post(
      byIdPath,
      { config, schema: { tags, summary: `${KIND_LABELS[kind]}详情（含附件）`, body: noticeByIdRequest } },
      (request) => noticeDetail(ctx, kind, request.body.id),
    );
  }
}
