import type { FastifyInstance } from 'fastify';
import { dictContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { searchDiagnoses } from './diagnoses';
import { entriesOfType, entriesOfTypes } from './dict.service';

/** Code sets (certificate types, statuses…) are public: registration pages need them before login. */
export async function dictRoutes(app: FastifyInstance) {
  const { db } = app.hall;

  registerCall(app, calls.dictMultiple, (request) => entriesOfTypes(db, request.query.types));

  registerCall(app, calls.dictList, (request) => entriesOfType(db, request.body.type));

  // The claim form's diagnosis picker (any signed-in filer): the catalogue is in memory, no query.
  registerCall(app, calls.diagnosisSearch, (request) => ({
    list: searchDiagnoses(request.body.keyword, request.body.list, request.body.limit),
  }));
}
