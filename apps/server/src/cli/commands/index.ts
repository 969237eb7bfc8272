import { accountCommands } from './accounts';
import { auditCommands } from './audit';
import { backupCommands } from './backup';
import { benefitCommands } from './benefits';
import { claimCommands } from './claims';
import { clockCommands } from './clock';
import { enrolmentCommands } from './enrolment';
import { featureCommands } from './features';
import type { Command } from './flags';
import { noticeCommands } from './notices';
import { operatorCommands } from './operators';
import { outboxCommands } from './outbox';
import { registrationCommands } from './registrations';
import { unionCommands } from './union';
import { transferCommands } from './transfers';

export { flagsOf, UsageError, type Command, type Flags } from './flags';

/** The operator commands; each is a thin layer over a service the API uses too. */
export const commands: Record<string, Command> = {
  ...accountCommands,
  ...operatorCommands,
  ...registrationCommands,
  ...noticeCommands,
  ...outboxCommands,
  ...enrolmentCommands,
  ...benefitCommands,
  ...claimCommands,
  ...transferCommands,
  ...clockCommands,
  ...unionCommands,
  ...featureCommands,
  ...auditCommands,
  ...backupCommands,
};

/** Flags that take a value (the rest are switches); `attach` and `role` may be given several times. */
export const STRING_FLAGS = [
  'uact',
  'name',
  'level',
  'uni-type',
  'parent',
  'uscc',
  'password',
  'login',
  'type',
  'operator',
  'kind',
  'title',
  'content-file',
  'publisher',
  'id',
  'status',
  'reason',
  'phone',
  'channel',
  'limit',
  'seconds',
  'year',
  'start',
  'end',
  'enrol-start',
  'enrol-end',
  'pay-deadline',
  'waiting-days',
  'code',
  'rate',
  'max-shares',
  'eligibility',
  'rule-file',
  'sort',
  'file',
  'out',
  'application',
  'amount',
  'date',
  'voucher',
  'to',
  'days',
  'hours',
  'due-days',
  'state',
  'no',
  'note',
  'paid-on',
  'period',
  'cert',
  'anchor',
  'from',
];
export const MULTIPLE_FLAGS = ['attach', 'role'];
export const BOOLEAN_FLAGS = ['insured', 'draft', 'overdue', 'on', 'off', 'confirm-recompute', 'shards'];

export function helpText(): string {
  const lines = ['用法：npm run ops -- <命令> [参数]', '', '命令：'];
  for (const [name, c] of Object.entries(commands))
    lines.push(`  ${name.padEnd(22)}${c.audited ? '* ' : ''}${c.summary}`, ...(c.usage ? [`  ${''.padEnd(22)}${c.usage}`] : []));
  lines.push(
    '',
    '标 * 的命令改动数据（或查看个人信息）并写入审计日志，须以在册且启用的操作员账号执行：',
    '--operator <操作员账号>，或环境变量 HALL_OPERATOR。每个命令只接受其用法中列出的参数（及 --operator）。',
  );
  return lines.join('\n');
}
