import * as accountsService from '../../modules/accounts/accounts.service';
import { beijing, loginType, optional, text, UsageError, type Command } from './flags';

const SESSION_KINDS: Record<string, string> = { unit: '单位', personal: '个人', operator: '操作员' };

/** disable / enable: the same command with another status. */
function statusCommand(status: 'active' | 'disabled', summary: string, done: string): Command {
  return {
    audited: true,
    summary,
    usage: '--login <账号或身份证号> [--type unit|personal|operator]',
    async run(ctx, flags, operator) {
      const login = text(flags, 'login', '账号');
      await accountsService.setAccountStatus(ctx, operator, loginType(flags), login, status);
      return `${done} ${login}`;
    },
  };
}

/** Accounts: open, reset, unlock, disable, enable, list sessions. */
export const accountCommands: Record<string, Command> = {
  'create-unit': {
    audited: true,
    summary: '新建单位账号',
    usage:
      '--uact <账号> --name <单位名称> --level 1|2 [--uni-type 92|93|99] [--parent <上级账号>] [--uscc <统一社会信用代码>] [--insured] [--password <密码>]',
    async run(ctx, flags, operator) {
      const level = text(flags, 'level', '单位级别');
      if (level !== '1' && level !== '2') throw new UsageError('--level 只能是 1 或 2');
      const created = await accountsService.createUnitAccount(ctx, operator, {
        uact: text(flags, 'uact', '账号'),
        name: text(flags, 'name', '单位名称'),
        level: Number(level) as 1 | 2,
        uniType: optional(flags, 'uni-type'),
        parentUact: optional(flags, 'parent'),
        uscc: optional(flags, 'uscc'),
        insured: flags.insured === true,
        password: optional(flags, 'password'),
      });
      return `已创建单位账号 ${created.uact}，初始密码：${created.password}（请通过安全渠道告知单位并提醒其修改）`;
    },
  },
  'reset-password': {
    audited: true,
    summary: '重置账号密码（结束该账号的所有会话并解除锁定）',
    usage: '--login <账号或身份证号> [--type unit|personal|operator] [--password <新密码>]',
    async run(ctx, flags, operator) {
      const done = await accountsService.resetPassword(
        ctx,
        operator,
        loginType(flags),
        text(flags, 'login', '账号'),
        optional(flags, 'password'),
      );
      return `已重置 ${done.loginName} 的密码，新密码：${done.password}`;
    },
  },
  unlock: {
    audited: true,
    summary: '解除登录锁定',
    usage: '--login <账号或身份证号> [--type unit|personal|operator]',
    async run(ctx, flags, operator) {
      const login = text(flags, 'login', '账号');
      await accountsService.unlock(ctx, operator, loginType(flags), login);
      return `已解除 ${login} 的登录锁定`;
    },
  },
  disable: statusCommand('disabled', '停用账号（在线会话立即失效）', '已停用'),
  enable: statusCommand('active', '启用账号', '已启用'),
  sessions: {
    audited: false,
    summary: '列出在线会话（30 分钟内有活动）',
    usage: '',
    async run(ctx) {
      const rows = await accountsService.listSessions(ctx);
      if (rows.length === 0) return '当前没有在线会话';
      const lines = rows.map(
        (s) =>
          `${s.id}  ${SESSION_KINDS[s.loginType] ?? s.loginType}  ${s.loginName.padEnd(20)}  登录 ${beijing(s.createdAt)}  最近 ${beijing(s.lastSeenAt)}  ${s.ip ?? ''}`,
      );
      return [`在线会话 ${rows.length} 个：`, ...lines].join('\n');
    },
  },
};
