import type { FastifyInstance, FastifyRequest } from 'fastify';
import { opsContracts as calls, REFRESH_TOKEN_HEADER } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { FILE_UPLOAD, receiveFile, spooledFile } from '../../lib/upload';
import { loginOperator } from '../auth/login.service';
import { closeSession, refresh } from '../auth/session.service';
import { sendMessage } from './message.service';
import { confirmPayment } from './payment.service';
import { createPeriod, createProduct, editPeriod, editProduct, listPeriods } from './periods.service';
import { loadRegistry } from './registry.service';
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
  registerCall(app, calls.opsMe, ({ operator }) => ({ loginName: operator.loginName, name: operator.name }));

  registerCall(app, calls.opsMailSend, (request) => sendMessage(ctx, request.operator.name, request.body));

  registerCall(app, calls.opsPeriodList, async () => ({ list: await listPeriods(ctx) }));
  registerCall(app, calls.opsPeriodCreate, (request) => createPeriod(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsPeriodEdit, (request) => editPeriod(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsProductCreate, (request) => createProduct(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsProductEdit, (request) => editProduct(ctx, request.operator.name, request.body));

  // The registry file: one file of at most 10 MB.
  registerCall(app, calls.opsRegistryLoad, (request, reply) =>
    receiveFile(request, reply, { ...FILE_UPLOAD, fields: 2 }, (file) =>
      spooledFile(file, (loaded) => loadRegistry(ctx, request.operator.name, loaded)),
    ),
  );

  registerCall(app, calls.opsPaymentConfirm, (request) => confirmPayment(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsPayableList, (request) => listPayables(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsWaitingList, (request) => waitingList(ctx, request.operator.name, request.body));
}
