import type { FastifyInstance, FastifyRequest } from 'fastify';
import { opsContracts as calls, REFRESH_TOKEN_HEADER } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { FILE_UPLOAD, receiveFile } from '../../lib/upload';
import * as ops from './ops-api.service';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/**
 * The operator HTTP API (/ops/api/...): the back office's calls, for operator sessions only
 * (access 'operator'; the auth plugin refuses portal tokens here and operator tokens elsewhere).
 */
export async function opsApiRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.opsLogin, (request) => ops.opsLogin(ctx, request.body, meta(request)));
  registerCall(app, calls.opsLogout, async (request) => {
    await ops.opsLogout(ctx, request.operator, request.ip);
    return null;
  });
  registerCall(app, calls.opsRefreshToken, (request) => {
    const header = request.headers[REFRESH_TOKEN_HEADER];
    return ops.opsRefresh(ctx, Array.isArray(header) ? header[0] : header, meta(request));
  });
  registerCall(app, calls.opsMe, (request) => ops.whoAmI(request.operator));

  registerCall(app, calls.opsRegistrationList, (request) => ops.registrationList(ctx, request.body.status));
  registerCall(app, calls.opsRegistrationApprove, (request) => ops.approveRegistration(ctx, request.operator, request.body.uact));
  registerCall(app, calls.opsRegistrationReject, (request) =>
    ops.rejectRegistration(ctx, request.operator, request.body.uact, request.body.reason),
  );

  registerCall(app, calls.opsNoticeList, () => ops.noticeList(ctx));
  registerCall(app, calls.opsNoticePublish, (request) => ops.publishNotice(ctx, request.operator, request.body));
  registerCall(app, calls.opsNoticeEdit, async (request) => {
    const { id, ...change } = request.body;
    await ops.editNotice(ctx, request.operator, id, change);
    return null;
  });
  registerCall(app, calls.opsNoticeWithdraw, async (request) => {
    await ops.withdrawNotice(ctx, request.operator, request.body.id);
    return null;
  });

  registerCall(app, calls.opsMailSend, (request) => ops.sendMessage(ctx, request.operator, request.body));

  registerCall(app, calls.opsPeriodList, () => ops.periodList(ctx));
  registerCall(app, calls.opsPeriodCreate, (request) => ops.createPeriod(ctx, request.operator, request.body));
  registerCall(app, calls.opsPeriodEdit, (request) => ops.editPeriod(ctx, request.operator, request.body));
  registerCall(app, calls.opsProductCreate, (request) => ops.createProduct(ctx, request.operator, request.body));
  registerCall(app, calls.opsProductEdit, (request) => ops.editProduct(ctx, request.operator, request.body));

  // The registry file: one file of at most 10 MB.
  registerCall(app, calls.opsRegistryLoad, (request, reply) =>
    receiveFile(request, reply, { ...FILE_UPLOAD, fields: 2 }, (file) => ops.loadRegistry(ctx, request.operator, file)),
  );

  registerCall(app, calls.opsPaymentConfirm, (request) => ops.confirmPayment(ctx, request.operator, request.body));
  registerCall(app, calls.opsPayableList, (request) => ops.payableList(ctx, request.operator, request.body));
  registerCall(app, calls.opsWaitingList, (request) => ops.waitingList(ctx, request.operator, request.body));
}
