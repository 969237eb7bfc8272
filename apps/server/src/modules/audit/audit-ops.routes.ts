import type { FastifyInstance } from 'fastify';
import { opsAdminCalls as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { sendTable } from '../../lib/table-export';
import { AUDIT_EXPORT_COLUMNS, auditExportName, auditExportRows, auditList } from './audit.service';

/** The audit log in the back office: the administrator's and the auditor's to read. */
export async function opsAuditRoutes(app: FastifyInstance) {
  registerCall(app, calls.opsAuditList, (request) => auditList(app.hall, request.body));
  registerCall(app, calls.opsAuditExport, (request, reply) =>
    sendTable(reply, auditExportName(app.hall.clock.now()), '审计日志', AUDIT_EXPORT_COLUMNS, auditExportRows(app.hall, request.body)),
  );
}
