import * as accountsService from '../../modules/accounts/accounts.service';
import { OPERATOR_ROLE_LABELS, OPERATOR_ROLES, type OperatorRole } from '@hall/shared';
import { beijing, list, optional, text, type Command } from './flags';

const ROLE_USAGE = `--role <${OPERATOR_ROLES.join('|')}>（可重复）`;
const labels = (roles: readonly string[]) => roles.map((r) => OPERATOR_ROLE_LABELS[r as OperatorRole] ?? r).join('、');

/**
 * Operator accounts of the back office (the operator HTTP API, /ops/api/...). Reset, unlock,
 * disable and enable take `--type operator` (accounts.ts).
 */
export const operatorCommands: Record<string, Command> = {
  'operator-create': {
    audited: true,
    summary: '新建后台操作员账号（用于操作员接口 /ops/api）',
    usage: `--login <操作员账号> --name <操作员姓名> ${ROLE_USAGE} [--password <密码>]`,
    async run(ctx, flags, operator) {
      const created = await accountsService.createOperatorAccount(ctx, operator, {
        login: text(flags, 'login', '操作员账号'),
        name: text(flags, 'name', '操作员姓名'),
        roles: list(flags, 'role'),
        password: optional(flags, 'password'),
      });
      return `已创建操作员账号 ${created.login}（${created.name}，${labels(created.roles)}），初始密码：${created.password}（请当面告知本人并提醒其妥善保管）`;
    },
  },
  'operator-roles': {
    audited: true,
    summary: '设置后台操作员的角色（替换原有角色；下一次请求起生效）',
    usage: `--login <操作员账号> ${ROLE_USAGE}`,
    async run(ctx, flags, operator) {
      const set = await accountsService.setOperatorRoles(ctx, operator, {
        login: text(flags, 'login', '操作员账号'),
        roles: list(flags, 'role'),
      });
      return `操作员 ${set.login} 的角色已设为：${labels(set.roles)}`;
    },
  },
  'operator-list': {
    audited: false,
    summary: '列出后台操作员账号',
    usage: '',
    async run(ctx) {
      const rows = await accountsService.listOperators(ctx);
      if (rows.length === 0) return '暂无操作员账号（npm run ops -- operator-create --login <账号> --name <姓名> --role admin）';
      const status: Record<string, string> = { active: '启用', disabled: '停用' };
      return rows
        .map(
          (r) =>
            `${r.loginName.padEnd(20)}  ${status[r.status] ?? r.status}  ${r.name ?? ''}  ${labels(r.roles)}  创建 ${beijing(r.createdAt)}`,
        )
        .join('\n');
    },
  },
};
