import type { FastifyInstance } from 'fastify';
import { opsClaimContracts as calls } from '@hall/shared';
import { sendAttachment } from '../../lib/attachment';
import { registerCall } from '../../lib/route';
import { approveClaim, claimAttachment, claimDetail, listClaims, payClaims, refuseClaim, returnClaim } from './claim-operator.service';

/**
 * The operator API of subsidy claims (/ops/api/claims/...): the city union's review and payment,
 * over the services the `ops` CLI uses (claim-operator.service.ts).
 */
export async function opsClaimRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.opsClaimList, (request) => listClaims(ctx, request.body.state));
  registerCall(app, calls.opsClaimDetail, (request) => claimDetail(ctx, request.body.claim));
  registerCall(app, calls.opsClaimAttachment, async (request, reply) => {
    const file = await claimAttachment(ctx, request.operator.name, request.body.claim, request.body.attachmentId);
    return sendAttachment(reply, file.name, file.mime, file.bytes);
  });
  registerCall(app, calls.opsClaimApprove, (request) => approveClaim(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsClaimReturn, (request) => returnClaim(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsClaimRefuse, (request) => refuseClaim(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsClaimPay, (request) => payClaims(ctx, request.operator.name, request.body.paidOn));
}
