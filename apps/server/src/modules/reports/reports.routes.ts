import type { FastifyInstance } from 'fastify';
import { unionReportCalls as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { sendTable } from '../../lib/table-export';
import {
  BENEFIT_EXPORT_COLUMNS,
  benefitExportRows,
  benefitReport,
  enrolmentExportColumns,
  enrolmentExportRows,
  enrolmentReport,
  FUND_EXPORT_COLUMNS,
  fundExportRows,
  fundReport,
  reportFileName,
} from './reports.service';
import { unionReportTitle, unionScope } from './union-report.service';

/**
 * A level-1 union's own 统计报表 on the portal (its /Home): the console's reports and exports,
 * over the union and its units (the scope from the session: union-report.service.ts).
 */
export async function unionReportRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.unionReportEnrolment, async (request) =>
    enrolmentReport(ctx, await unionScope(ctx, request.caller, 'unionReportEnrolment', request.ip), request.body),
  );
  registerCall(app, calls.unionReportEnrolmentExport, async (request, reply) => {
    const scope = await unionScope(ctx, request.caller, 'unionReportEnrolmentExport', request.ip);
    const rows = await enrolmentExportRows(ctx, scope, request.body);
    const title = unionReportTitle('参保统计');
    return sendTable(reply, reportFileName(title, request.body.year), title, enrolmentExportColumns(request.body.by), rows);
  });
  registerCall(app, calls.unionReportBenefits, async (request) =>
    benefitReport(ctx, await unionScope(ctx, request.caller, 'unionReportBenefits', request.ip), request.body),
  );
  registerCall(app, calls.unionReportBenefitsExport, async (request, reply) => {
    const scope = await unionScope(ctx, request.caller, 'unionReportBenefitsExport', request.ip);
    const rows = await benefitExportRows(ctx, scope, request.body);
    const title = unionReportTitle('待遇统计');
    return sendTable(reply, reportFileName(title, request.body.year), title, BENEFIT_EXPORT_COLUMNS, rows);
  });
  registerCall(app, calls.unionReportFund, async (request) =>
    fundReport(ctx, await unionScope(ctx, request.caller, 'unionReportFund', request.ip), {}),
  );
  registerCall(app, calls.unionReportFundExport, async (request, reply) => {
    const scope = await unionScope(ctx, request.caller, 'unionReportFundExport', request.ip);
    const title = unionReportTitle('互助金收支');
    return sendTable(reply, reportFileName(title), title, FUND_EXPORT_COLUMNS, await fundExportRows(ctx, scope, {}));
  });
}
