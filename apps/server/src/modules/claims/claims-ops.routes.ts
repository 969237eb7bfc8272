import type { FastifyInstance } from 'fastify';
import { opsClaimContracts as calls, opsTreatmentContracts } from '@hall/shared';
import { sendAttachment } from '../../lib/attachment';
import { refuse } from '../../lib/hall-error';
import { registerCall } from '../../lib/route';
import { FILE_UPLOAD, receiveFile, spooledFile } from '../../lib/upload';
import { loadPayoutResult } from '../settlement/payout-bank.service';
import {
  approveClaim,
  claimAttachment,
  claimDetail,
  listClaims,
  payClaims,
  refuseClaim,
  returnClaim,
  returnFailedClaims,
} from './claim-operator.service';

/**
 * The operator API of subsidy claims (/ops/api/claims/...): the city union's review and payment,
 * over the services the `ops` CLI uses (claim-operator.service.ts).
 */
export async function opsClaimRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.opsClaimList, (request) => listClaims(ctx, request.body.state, request.operator.roles));
  registerCall(app, calls.opsClaimDetail, (request) => claimDetail(ctx, request.body.claim));
  registerCall(app, calls.opsClaimAttachment, async (request, reply) => {
    const file = await claimAttachment(ctx, request.operator.name, request.body.claim, request.body.attachmentId);
    return sendAttachment(reply, file.name, file.mime, file.bytes);
  });
  registerCall(app, calls.opsClaimApprove, (request) => approveClaim(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsClaimReturn, (request) => returnClaim(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsClaimRefuse, (request) => refuseClaim(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsClaimPay, (request) => payClaims(ctx, request.operator.name, request.body.paidOn));
  // The bank's result of a payout batch (treatments or claims): registered here, where the claims'
  // return to 待发放 is known (claims imports settlement, never the other way). One file of at most
  // 10 MB, the batch named in the form field before it.
  registerCall(app, opsTreatmentContracts.opsPayoutResultLoad, (request, reply) =>
    receiveFile(request, reply, { ...FILE_UPLOAD, fields: 2 }, (file) => {
      const batchNo = file.fields?.batchNo?.trim() ?? '';
      if (!/^(BZ)?FF\d{13}$/.test(batchNo)) {
        file.stream.resume();
        throw refuse('请选择发放批次');
      }
      return spooledFile(file, (loaded) => loadPayoutResult(ctx, request.operator.name, batchNo, loaded, returnFailedClaims));
    }),
  );
}
