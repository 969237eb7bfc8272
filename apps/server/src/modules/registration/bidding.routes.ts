import type { FastifyInstance } from 'fastify';
import { biddingContracts as calls } from '@hall/shared';
import { sendAttachment } from '../../lib/attachment';
import { registerCall } from '../../lib/route';
import { cleanFileName } from '../files/file-type';
import { DOCX_MIME, powerOfAttorney } from './power-of-attorney';
import { checkUnitInfo, submitRegistration } from './registration.service';

/** Public-bidding unit registration (/mining-register): power of attorney, signed scan, registration. */
export async function biddingRoutes(app: FastifyInstance) {
  const ctx = app.hall;

  registerCall(app, calls.biddingCheckUnitInfo, (request) => checkUnitInfo(ctx, request.body));

  registerCall(app, calls.powerOfAttorney, async (request, reply) => {
    const bytes = await powerOfAttorney(request.body, ctx.config.cityName, ctx.clock.now());
    return sendAttachment(reply, cleanFileName(`授权委托书-${request.body.empName}.docx`), DOCX_MIME, bytes);
  });

  registerCall(app, calls.biddingRegister, (request) => submitRegistration(ctx, { kind: 'bidding', input: request.body }, request.ip));
}
