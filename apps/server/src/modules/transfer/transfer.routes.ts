import type { FastifyInstance } from 'fastify';
import { personalContracts as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { applyFiling, filingPage } from './filing.service';
import { exportInsuredStatus, insuredStatusPage } from './status.service';
import { applyOut, cancelOut, receiveInto, returnInto, searchUnit, transferPage, transferStaffOptions } from './transfer.service';

/** The transfer pages (R12): 关系转出 / 关系转入, 异地就医备案, 医保参保状态查询. */
export async function transferRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, calls.transferUnitSearch, (request) => searchUnit(ctx, request.caller, request.body));
  registerCall(app, calls.transferStaffOptions, (request) => transferStaffOptions(ctx, request.caller));
  registerCall(app, calls.transferOutApply, (request) => applyOut(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.transferOutCancel, (request) => cancelOut(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.transferList, (request) => transferPage(ctx, request.caller, request.body));
  registerCall(app, calls.transferReceive, (request) => receiveInto(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.transferReturn, (request) => returnInto(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.filingStaffOptions, (request) => transferStaffOptions(ctx, request.caller, false));
  registerCall(app, calls.filingApply, (request) => applyFiling(ctx, request.caller, request.body, request.ip));
  registerCall(app, calls.filingList, (request) => filingPage(ctx, request.caller, request.body));
  registerCall(app, calls.insuredStatusList, (request) => insuredStatusPage(ctx, request.caller, request.body));
  registerCall(app, calls.insuredStatusExport, (request, reply) => exportInsuredStatus(ctx, request.caller, request.body, reply));
}
