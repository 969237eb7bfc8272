import type { FastifyInstance } from 'fastify';
import { opsReportCalls as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { sendTable } from '../../lib/table-export';
import {
  BENEFIT_VIEWS,
  benefitExportRows,
  cityBenefitReport,
  enrolmentExportColumns,
  enrolmentExportRows,
  enrolmentReport,
  FUND_EXPORT_COLUMNS,
  fundExportRows,
  fundReport,
  reportFileName,
} from './reports.service';

const CITY = {};

/** 统计报表 of the back office: enrolment, benefits and the fund, each with its Excel export. */
export async function opsReportRoutes(app: FastifyInstance) {
  // The console's 工会 filter is the operator's to choose: the same scope as a union's own report.
  const scopeOf = (body: { unionId?: number }) => ({ unionId: body.unionId });
  registerCall(app, calls.opsReportEnrolment, (request) => enrolmentReport(app.hall, scopeOf(request.body), request.body));
  registerCall(app, calls.opsReportEnrolmentExport, async (request, reply) => {
    const rows = await enrolmentExportRows(app.hall, scopeOf(request.body), request.body);
    return sendTable(reply, reportFileName('参保统计', request.body.year), '参保统计', enrolmentExportColumns(request.body.by), rows);
  });
  registerCall(app, calls.opsReportBenefits, (request) => cityBenefitReport(app.hall, request.body));
  registerCall(app, calls.opsReportBenefitsExport, async (request, reply) => {
    const rows = await benefitExportRows(app.hall, CITY, request.body);
    const { title, columns } = BENEFIT_VIEWS[request.body.view];
    return sendTable(reply, reportFileName(title, request.body.year), title, columns, rows);
  });
  registerCall(app, calls.opsReportFund, (request) => fundReport(app.hall, CITY, request.body));
  registerCall(app, calls.opsReportFundExport, async (request, reply) => {
    const rows = await fundExportRows(app.hall, CITY, request.body);
    return sendTable(reply, reportFileName('互助金收支', request.body.year), '互助金收支', FUND_EXPORT_COLUMNS, rows);
  });
}
