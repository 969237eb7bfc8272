import type { FastifyInstance } from 'fastify';
import { unionContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { sendTable } from '../../lib/table-export';
import {
  changeDetail,
  EXPORT_COLUMNS,
  exportName,
  exportRows,
  listChanges,
  submitChange,
  sysUserByUact,
  unionInfo,
  withdrawChange,
} from './union.service';

/**
 * Union information (/uniInformationBase), its change records (/uniInformationEdit) and the
 * spec's BasUniInfo/getSysUserByUact. The operator's review is in union-ops.routes.ts.
 */
export async function unionRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.sysUserByUact, (request) => sysUserByUact(ctx, request.caller, request.body.uact, request.ip));
  registerCall(app, calls.unionInfo, (request) => unionInfo(ctx, request.caller, request.ip));
  registerCall(app, calls.unionInfoSubmit, (request) => submitChange(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.unionInfoWithdraw, (request) => withdrawChange(ctx, request.caller, request.body.id, request.ip));
  registerCall(app, calls.unionChangeList, (request) => listChanges(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.unionChangeDetail, (request) => changeDetail(ctx, request.caller, request.body.id, request.ip));
  registerCall(app, calls.unionChangeExport, async (request, reply) => {
    const rows = await exportRows(ctx, request.caller, request.body, request.ip);
    return sendTable(reply, exportName(ctx.clock.now()), '工会信息变更记录', EXPORT_COLUMNS, rows);
  });
}
