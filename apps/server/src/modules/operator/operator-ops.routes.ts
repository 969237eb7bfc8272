import type { FastifyInstance, FastifyRequest } from 'fastify';
import { opsContracts as calls, opsContentContracts, REFRESH_TOKEN_HEADER } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { receiveFile } from '../../lib/upload';
import { loginOperator } from '../auth/login.service';
import { changeOperatorPassword } from '../auth/password.service';
import { closeSession, refresh } from '../auth/session.service';
import { findUnions, sendMessage, sendUnionMessage } from './message.service';
import { confirmPayment, paymentEntries } from './payment.service';
import { createPeriod, createProduct, editPeriod, listPeriods } from './periods.service';
import { registryLoads } from './registry.service';
import {
  bureauFileProgress,
  confirmRegistry,
  discardRegistry,
  REGISTRY_FILE_MAX_BYTES,
  REGISTRY_TOO_LARGE,
  sendRegistryReport,
  stageRegistry,
} from './registry-stage.service';
import { listPayables, waitingList } from './waiting.service';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/**
 * The operator API's own calls (/ops/api/...): the operator's session, and the city union's
 * enrolment work over the services the `ops` CLI uses (periods, products, the registry, payments,
 * messages, what waits). Every change is made in the operator's name (accounts.operator_name);
 * audit rows carry the login, the name beside it (lib/audit.ts asOperator, entered by plugins/auth.ts).
 */
export async function opsOperatorRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.opsLogin, (request) => loginOperator(ctx, request.body, meta(request)));
  registerCall(app, calls.opsLogout, async (request) => {
    const { sessionId, loginName } = request.operator;
    await closeSession(ctx, { sessionId, loginType: 'operator', loginName }, request.ip);
    return null;
  });
  // Renews an operator session only: a portal refresh token is refused here (and an operator's on the portal's call).
  registerCall(app, calls.opsRefreshToken, (request) => {
    const header = request.headers[REFRESH_TOKEN_HEADER];
    return refresh(ctx, Array.isArray(header) ? header[0] : header, meta(request), 'operator');
  });
  registerCall(app, calls.opsMe, ({ operator: { loginName, name, roles, mustChangePassword } }) => ({
    loginName,
    name,
    roles,
    mustChangePassword,
  }));
  registerCall(app, calls.opsPasswordChange, (request) => {
    const { loginName, sessionId } = request.operator;
    return changeOperatorPassword(ctx, { loginName, sessionId }, request.body, request.ip);
  });

  registerCall(app, calls.opsMailSend, (request) => sendMessage(ctx, request.operator.name, request.body));
  registerCall(app, opsContentContracts.opsUnionFind, (request) => findUnions(ctx, request.body.keyword));
  registerCall(app, opsContentContracts.opsMailSendUnion, (request) => sendUnionMessage(ctx, request.operator.name, request.body));

  registerCall(app, calls.opsPeriodList, async () => ({ list: await listPeriods(ctx) }));
  registerCall(app, calls.opsPeriodCreate, (request) => createPeriod(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsPeriodEdit, (request) => editPeriod(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsProductCreate, (request) => createProduct(ctx, request.operator.name, request.body));
  // opsProductEdit: settlement-ops.routes.ts (a new benefit rule recomputes the treatments).

  // The registry file: one file of at most 10 MB, staged for its preview (the form's uploadId first).
  registerCall(app, calls.opsRegistryStage, (request, reply) =>
    receiveFile(request, reply, { maxBytes: REGISTRY_FILE_MAX_BYTES, tooLarge: REGISTRY_TOO_LARGE, fields: 2 }, (file) =>
      stageRegistry(ctx, request.operator, file),
    ),
  );
  registerCall(app, calls.opsRegistryConfirm, (request) => confirmRegistry(ctx, request.operator, request.body.batchId));
  registerCall(app, calls.opsRegistryDiscard, (request) => discardRegistry(ctx, request.operator, request.body.batchId));
  registerCall(app, calls.opsRegistryReport, (request, reply) => sendRegistryReport(ctx, request.operator, request.body.batchId, reply));
  // Rows read of either bureau file's upload (the settlements' stage: settlement-ops.routes.ts).
  registerCall(app, calls.opsBureauFileProgress, (request) => bureauFileProgress(request.operator, request.body.uploadId));

  registerCall(app, calls.opsRegistryLoadList, () => registryLoads(ctx));
  registerCall(app, calls.opsPaymentConfirm, (request) => confirmPayment(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsPaymentEntryList, () => paymentEntries(ctx));
  registerCall(app, calls.opsPayableList, (request) => listPayables(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsWaitingList, (request) => waitingList(ctx, request.operator.name, request.body));
}
