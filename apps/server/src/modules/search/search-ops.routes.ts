import type { FastifyInstance } from 'fastify';
import { opsAdminCalls as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { search, unmaskPerson } from './search.service';

/** The back office's search box and the audited look at a person's whole ID number. */
export async function opsSearchRoutes(app: FastifyInstance) {
  registerCall(app, calls.opsSearch, (request) => search(app.hall, request.body.keyword));
  registerCall(app, calls.opsPersonUnmask, (request) => unmaskPerson(app.hall, request.operator, request.body));
}
