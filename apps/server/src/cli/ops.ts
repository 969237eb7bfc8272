import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { HallError } from '../lib/hall-error';
import { systemClock } from '../lib/clock';
import { AccessTokens } from '../lib/tokens';
import { commands, helpText, UsageError } from './commands';

/** Operator CLI: `npm run ops -- <command> [flags]`, on the database the server uses. */
async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.log(name && name !== 'help' ? `未知命令：${name}\n\n${helpText()}` : helpText());
    return name && name !== 'help' ? 2 : 0;
  }
  const stringFlags = ['uact', 'name', 'level', 'uni-type', 'parent', 'uscc', 'password', 'login', 'type', 'operator'];
  const { values } = parseArgs({
    args: rest,
    strict: false,
    options: { ...Object.fromEntries(stringFlags.map((f) => [f, { type: 'string' as const }])), insured: { type: 'boolean' } },
  });
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const ctx = { config, db: database.db, clock: systemClock, tokens: new AccessTokens(config.tokenSecret, [], systemClock) };
  try {
    const operator = typeof values.operator === 'string' ? values.operator : process.env.USER || 'operator';
    console.log(await command.run(ctx, values, operator));
    return 0;
  } catch (error) {
    if (error instanceof HallError || error instanceof UsageError) {
      console.error(error.message + (error instanceof UsageError ? `\n用法：npm run ops -- ${name} ${command.usage}` : ''));
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error('命令失败：', error);
    process.exit(1);
  },
);
