import type { FastifyInstance } from 'fastify';
import { opsContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { approveRegistration, registrationList, rejectRegistration } from './review.service';

/** The operator API's review of unit registrations (/ops/api/registrations/...), in the operator's name. */
export async function opsRegistrationRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.opsRegistrationList, (request) => registrationList(ctx, request.body.status));
  registerCall(app, calls.opsRegistrationApprove, async (request) => {
    const { uact } = await approveRegistration(ctx, request.operator.name, request.body.uact);
    return { uact };
  });
  registerCall(app, calls.opsRegistrationReject, async (request) => {
    const { uact } = await rejectRegistration(ctx, request.operator.name, request.body.uact, request.body.reason);
    return { uact };
  });
}
