import type { FastifyInstance } from 'fastify';
import { claimContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { sendTable } from '../../lib/table-export';
import { attach, detach } from './claim-attachments.service';
import { preview, remove, save, submit } from './claim-form.service';
import { detail, EXPORT_COLUMNS, exportName, exportRows, listPersonal, listUnit, staffOptions } from './claim-query.service';
import { unionApprove, unionDetail, unionList, unionReturn, unitApprove, unitReturn } from './claim-review.service';

/**
 * Subsidy claims (补助申请): the unit's filing and record query (/subsidy-application,
 * /subsidy-record-query), the worker's (/subsidy-application-personal,
 * /subsidy-record-query-personal), the unit's review of its workers' claims and the 92 union's
 * review (/apply-examine). Unit and worker calls share the services; the caller decides the scope.
 */
export async function claimRoutes(app: FastifyInstance) {
  const ctx = app.hall;

  registerCall(app, calls.claimStaffOptions, (request) => staffOptions(ctx, request.caller, request.body));
  registerCall(app, calls.claimPreview, (request) => preview(ctx, request.caller, request.body));
  registerCall(app, calls.claimSave, (request) => save(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.claimSubmit, (request) => submit(ctx, request.caller, request.body.id, request.ip));
  registerCall(app, calls.claimDelete, (request) => remove(ctx, request.caller, request.body.id, request.ip));
  registerCall(app, calls.claimAttach, (request) => attach(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.claimDetach, (request) => detach(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.claimList, (request) => listUnit(ctx, request.caller, request.body));
  registerCall(app, calls.claimDetail, (request) => detail(ctx, request.caller, request.body.id, request.ip));
  registerCall(app, calls.claimExport, (request, reply) =>
    sendTable(reply, exportName(ctx.clock.now()), '补助记录', EXPORT_COLUMNS, exportRows(ctx, request.caller, request.body)),
  );
  registerCall(app, calls.claimUnitApprove, (request) => unitApprove(ctx, request.caller, request.body.id, request.ip));
  registerCall(app, calls.claimUnitReturn, (request) => unitReturn(ctx, request.caller, request.body, request.ip));

  registerCall(app, calls.claimPreviewPersonal, (request) => preview(ctx, request.caller, request.body));
  registerCall(app, calls.claimSavePersonal, (request) => save(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.claimSubmitPersonal, (request) => submit(ctx, request.caller, request.body.id, request.ip));
  registerCall(app, calls.claimDeletePersonal, (request) => remove(ctx, request.caller, request.body.id, request.ip));
  registerCall(app, calls.claimAttachPersonal, (request) => attach(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.claimDetachPersonal, (request) => detach(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.claimListPersonal, (request) => listPersonal(ctx, request.caller, request.body));
  registerCall(app, calls.claimDetailPersonal, (request) => detail(ctx, request.caller, request.body.id, request.ip));

  registerCall(app, calls.claimUnionList, (request) => unionList(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.claimUnionDetail, (request) => unionDetail(ctx, request.caller, request.body.id, request.ip));
  registerCall(app, calls.claimUnionApprove, (request) => unionApprove(ctx, request.caller, request.body.id, request.ip));
  registerCall(app, calls.claimUnionReturn, (request) => unionReturn(ctx, request.caller, request.body, request.ip));
}
