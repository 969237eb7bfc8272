import type { FastifyInstance } from 'fastify';
import { refuse } from '../../lib/hall-error';
import { opsAccountCalls, opsAdminCalls as calls } from '@hall/shared';
import { registerCall } from '../../lib/route';
import { accountDetail, personAccounts, unionTree, unionUnits } from './account-lists.service';
import { actOnAccount, findAccounts, operatorAccounts } from './account-admin.service';
import { createOperatorAccount, setOperatorRoles } from './accounts.service';

/** An action whose answer is only that it was done. */
const done = async (action: Promise<unknown>) => {
  await action;
  return null;
};

/** The administrator's accounts in the back office: units, workers and operators (roles: admin; the auditor reads). */
export async function opsAccountRoutes(app: FastifyInstance) {
  const ctx = app.hall;
  registerCall(app, opsAccountCalls.opsUnionTree, (request) => unionTree(ctx, request.body));
  registerCall(app, opsAccountCalls.opsUnionUnits, (request) => unionUnits(ctx, request.body));
  registerCall(app, opsAccountCalls.opsPersonAccountList, (request) => personAccounts(ctx, request.body));
  registerCall(app, opsAccountCalls.opsAccountDetail, (request) => accountDetail(ctx, request.body.accountId));
  registerCall(app, calls.opsAccountFind, (request) => findAccounts(ctx, request.body));
  registerCall(app, calls.opsAccountUnlock, (request) => done(actOnAccount(ctx, request.operator, request.body, 'unlock')));
  registerCall(app, calls.opsAccountReset, async (request) => (await actOnAccount(ctx, request.operator, request.body, 'reset'))!);
  registerCall(app, calls.opsAccountDisable, (request) => done(actOnAccount(ctx, request.operator, request.body, 'disable')));
  registerCall(app, calls.opsAccountEnable, (request) => done(actOnAccount(ctx, request.operator, request.body, 'enable')));
  registerCall(app, calls.opsOperatorList, () => operatorAccounts(ctx));
  registerCall(app, calls.opsOperatorCreate, (request) => createOperatorAccount(ctx, request.operator.name, request.body));
  registerCall(app, calls.opsOperatorRoles, (request) => {
    // Roles are given by another administrator: no one widens its own.
    if (request.body.login === request.operator.loginName) throw refuse('不能修改本人的角色，请由其他系统管理人员办理');
    return setOperatorRoles(ctx, request.operator.name, request.body);
  });
}
