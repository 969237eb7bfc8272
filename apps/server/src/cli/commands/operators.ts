import * as accountsService from '../../modules/accounts/accounts.service';
import { beijing, optional, text, type Command } from './flags';

/**
 * Operator accounts of the back office (the operator HTTP API, /ops/api/...). Reset, unlock,
 * disable and enable take `--type operator` (accounts.ts).
 */
export const operatorCommands: Record<string, Command> = {
  'operator-create': {
    audited: true,
    summary: '新建后台操作员账号（用于操作员接口 /ops/api）',
    usage: '--login <操作员账号> --name <操作员姓名> [--password <密码>]',
    async run(ctx, flags, operator) {
      const created = await accountsService.createOperatorAccount(ctx, operator, {
        login: text(flags, 'login', '操作员账号'),
        name: text(flags, 'name', '操作员姓名'),
        password: optional(flags, 'password'),
      });
      return `已创建操作员账号 ${created.login}（${created.name}），初始密码：${created.password}（请当面告知本人并提醒其妥善保管）`;
    },
  },
  'operator-list': {
    audited: false,
    summary: '列出后台操作员账号',
    usage: '',
    async run(ctx) {
      const rows = await accountsService.listOperators(ctx);
      if (rows.length === 0) return '暂无操作员账号（npm run ops -- operator-create --login <账号> --name <姓名>）';
      const status: Record<string, string> = { active: '启用', disabled: '停用' };
      return rows
        .map((r) => `${r.loginName.padEnd(20)}  ${status[r.status] ?? r.status}  ${r.name ?? ''}  创建 ${beijing(r.createdAt)}`)
        .join('\n');
    },
  },
};
