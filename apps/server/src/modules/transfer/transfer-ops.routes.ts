import type { FastifyInstance } from 'fastify';
import { personalContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { confirmFiling, opsFilingDetail, opsFilingList, returnFiling } from './filing.service';
import { confirmTransfer, opsTransferDetail, opsTransferList, returnTransfer } from './transfer.service';

/** The operator API of transfers and 异地就医备案 (/ops/api/transfers, /ops/api/filings), over the CLI's services. */
export async function opsTransferRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.opsTransferList, (request) => opsTransferList(ctx, request.body.state));
  registerCall(app, calls.opsTransferDetail, (request) => opsTransferDetail(ctx, request.body.id));
  registerCall(app, calls.opsTransferConfirm, (request) => confirmTransfer(ctx, request.operator.name, request.body.id));
  registerCall(app, calls.opsTransferReturn, (request) => returnTransfer(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsFilingList, (request) => opsFilingList(ctx, request.body.state));
  registerCall(app, calls.opsFilingDetail, (request) => opsFilingDetail(ctx, request.body.id));
  registerCall(app, calls.opsFilingConfirm, (request) => confirmFiling(ctx, request.operator.name, request.body.id));
  registerCall(app, calls.opsFilingReturn, (request) => returnFiling(ctx, request.operator.name, request.body));
}
