import type { FastifyInstance } from 'fastify';
import { unionContracts as calls } from '@hall/shared';
import { sendAttachment } from '../../lib/attachment';
import { registerCall } from '../../lib/route';
import { approveUnionChange, listUnionChanges, rejectUnionChange, unionChangeDetail, unionChangeFile } from './union-operator.service';

/**
 * The operator API of union information changes (/ops/api/union-changes/...), over the services
 * the `ops` CLI uses (union-operator.service.ts).
 */
export async function opsUnionRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.opsUnionChangeList, (request) => listUnionChanges(ctx, request.body.state));
  registerCall(app, calls.opsUnionChangeDetail, (request) => unionChangeDetail(ctx, request.body.id));
  registerCall(app, calls.opsUnionChangeApprove, (request) => approveUnionChange(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsUnionChangeReject, (request) => rejectUnionChange(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsUnionChangeFile, async (request, reply) => {
    const file = await unionChangeFile(ctx, request.operator.name, request.body);
    return sendAttachment(reply, file.name, file.mime, file.bytes);
  });
}
