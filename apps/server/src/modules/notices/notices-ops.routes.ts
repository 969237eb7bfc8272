import type { FastifyInstance } from 'fastify';
import { opsContentContracts, opsContracts } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { FILE_UPLOAD, receiveFile } from '../../lib/upload';
import { sendAttachment } from '../../lib/attachment';
import { addAttachment, noticeAttachment, removeAttachment } from './attachments.service';
import { editNotice, noticeList, operatorNoticeDetail, publishDraft, publishNotice, withdrawNotice } from './notices.service';

const calls = { ...opsContracts, ...opsContentContracts };

/**
 * The operator API's notices and policy documents (/ops/api/notices/...), in the operator's name:
 * written, read whole, given attachments, published (at once or from a saved draft), withdrawn.
 */
export async function opsNoticeRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.opsNoticeList, () => noticeList(ctx));
  registerCall(app, calls.opsNoticeDetail, (request) => operatorNoticeDetail(ctx, request.body.id));
  registerCall(app, calls.opsNoticeAttachment, async (request, reply) => {
    const file = await noticeAttachment(ctx, request.operator.name, request.body.id, request.body.fileId);
    return sendAttachment(reply, file.name, file.mime, file.bytes);
  });
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
  registerCall(app, calls.opsNoticeDraftPublish, async (request) => {
    await publishDraft(ctx, request.operator.name, request.body.id);
    return null;
  });
  registerCall(app, calls.opsNoticeWithdraw, async (request) => {
    await withdrawNotice(ctx, request.operator.name, request.body.id);
    return null;
  });
  // One attachment a request, the notice's id (field `id`) before the file.
  registerCall(app, calls.opsNoticeAttachmentAdd, (request, reply) =>
    receiveFile(request, reply, FILE_UPLOAD, (file) => addAttachment(ctx, request.operator.name, file)),
  );
  registerCall(app, calls.opsNoticeAttachmentRemove, async (request) => {
    await removeAttachment(ctx, request.operator.name, request.body.id, request.body.fileId);
    return null;
  });
}
