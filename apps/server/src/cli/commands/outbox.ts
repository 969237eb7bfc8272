import { listOutbox } from '../../lib/outbox.repository';
import { beijing, optional, UsageError, type Command } from './flags';

/** What the default sender "sent": the trial's and the tests' SMS gateway and mailbox. */
export const outboxCommands: Record<string, Command> = {
  'sms-outbox': {
    audited: false,
    summary: '查看已发送的短信和邮件（默认发送器写入的发件箱，最新在前）',
    usage: '[--phone <手机号或邮箱>] [--channel sms|email] [--limit <条数，默认20>]',
    async run(ctx, flags) {
      const target = optional(flags, 'phone');
      const channel = optional(flags, 'channel');
      if (channel && channel !== 'sms' && channel !== 'email') throw new UsageError('--channel 只能是 sms 或 email');
      const limit = Number(optional(flags, 'limit') ?? 20);
      if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new UsageError('--limit 须为 1-500 的整数');
      const rows = await listOutbox(ctx.db, { target, channel, limit });
      if (rows.length === 0) return '发件箱为空';
      return rows
        .map(
          (m) =>
            `${beijing(m.createdAt)}  ${m.channel === 'sms' ? '短信' : '邮件'}  ${m.target}  ${m.subject ? `[${m.subject}] ` : ''}${m.content}`,
        )
        .join('\n');
    },
  },
};
