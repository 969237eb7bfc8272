import { parseArgs } from 'node:util';
import { z } from 'zod';
import { type Config, loadConfig } from '../config';
import { HallError } from '../lib/hall-error';
import { openDatabase } from '../db/client';
import { systemClock } from '../lib/clock';
import { OutboxSender } from '../lib/senders';
import { fileStoreFor } from '../lib/file-store';
import { AccessTokens } from '../lib/tokens';
import { BOOLEAN_FLAGS, type Command, commands, type Flags, helpText, MULTIPLE_FLAGS, STRING_FLAGS, UsageError } from './commands/index';
import { checkFlags, runCommand, sendToServer, type OpsAnswer } from './ops-socket';

// The schemas' own refusals (a value none of a field's choices) in Chinese, as the server's (app.ts).
z.config(z.locales.zhCN());

/**
 * Operator CLI: `npm run ops -- <command> [flags]`, on the database the server uses. With the
 * embedded database and the server running, the command runs inside the server (ops-socket.ts).
 */
async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.log(name && name !== 'help' ? `未知命令：${name}\n\n${helpText()}` : helpText());
    return name && name !== 'help' ? 2 : 0;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    strict: false,
    options: {
      ...Object.fromEntries(STRING_FLAGS.map((f) => [f, { type: 'string' as const }])),
      ...Object.fromEntries(MULTIPLE_FLAGS.map((f) => [f, { type: 'string' as const, multiple: true }])),
      ...Object.fromEntries(BOOLEAN_FLAGS.map((f) => [f, { type: 'boolean' as const }])),
    },
  });
  if (values.operator === true) {
    console.error('--operator 须给出操作员账号，如 --operator ops-admin');
    return 1;
  }
  if (positionals.length) {
    console.error(`多余的参数：${positionals.join(' ')}（参数须写成 --名称 值）\n用法：npm run ops -- ${name} ${command.usage}`);
    return 1;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  // The operator account the command acts as (checked where it runs: cli/ops-socket.ts runCommand).
  const operator = typeof values.operator === 'string' ? values.operator : (process.env.HALL_OPERATOR ?? '');
  const request = { command: name!, flags: values, operator };

  let answer: OpsAnswer | undefined = config.databaseUrl ? undefined : await sendToServer(config.dataDir, request);
  if (!answer && command.offline) answer = await runOffline(name!, command, config, values);
  if (!answer) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const ctx = {
      config,
      db: database.db,
      clock: systemClock,
      tokens: new AccessTokens(config.tokenSecret, [], systemClock),
      files: fileStoreFor(config, database.db),
      sender: new OutboxSender(database.db, systemClock),
      database,
    };
    try {
      answer = await runCommand(ctx, request);
    } finally {
      await database.close();
    }
  }
  if (answer.ok) {
    console.log(answer.output);
    return 0;
  }
  console.error(answer.message + (answer.usage ? `\n用法：npm run ops -- ${name} ${command.usage}` : ''));
  return 1;
}

/** A command that must not open the database first (restore): its refusals print like the others'. */
async function runOffline(name: string, command: Command, config: Config, flags: Flags): Promise<OpsAnswer> {
  try {
    checkFlags(name, command, flags);
    return { ok: true, output: await command.offline!(config, flags) };
  } catch (error) {
    if (error instanceof HallError || error instanceof UsageError)
      return { ok: false, message: error.message, usage: error instanceof UsageError };
    return { ok: false, message: (error as Error).message, usage: false };
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error('命令失败：', error);
    process.exit(1);
  },
);
