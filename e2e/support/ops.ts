import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chinaDay } from '@hall/shared/china-time.ts';
import { expect } from '@playwright/test';
import { nodeIndex } from './node';

/**
 * The operator's commands on the running e2e server: it listens on <HALL_DATA_DIR>/ops.sock, where
 * `npm run ops` sends its commands too. e2e/serve.mjs takes the data dir from E2E_DATA_DIR (node-<n> below it) or writes the temp dir
 * it made to .e2e/data-dir-<n>, n being the worker's server (support/node.ts).
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function e2eDataDir(): string {
  if (process.env.E2E_DATA_DIR) return path.join(process.env.E2E_DATA_DIR, `node-${nodeIndex}`);
  const pointer = path.join(repoRoot, '.e2e', `data-dir-${nodeIndex}`);
  if (!existsSync(pointer)) throw new Error(`找不到 ${pointer}：e2e 服务器（e2e/serve.mjs）没有启动？`);
  return readFileSync(pointer, 'utf8').trim();
}

/** Flags that repeat (the CLI's MULTIPLE_FLAGS, apps/server/src/cli/commands/index.ts): always a list. */
const MULTIPLE = new Set(['attach', 'role']);

/** A command line's flags as the CLI reads them (parseArgs): `--name value`, a bare `--on` true. */
function flagsOf(args: string[]): Record<string, string | boolean | string[]> {
  const flags: Record<string, string | boolean | string[]> = {};
  for (let i = 0; i < args.length; i++) {
    const name = args[i].replace(/^--/, '');
    const value = args[i + 1] !== undefined && !args[i + 1].startsWith('--') ? args[++i] : true;
    flags[name] = MULTIPLE.has(name) ? [...((flags[name] as string[]) ?? []), String(value)] : value;
  }
  return flags;
}

/**
 * Runs `ops <args>` as `npm run ops` does against a running server, without its process: the
 * command line goes to the server's <data dir>/ops.sock (apps/server/src/cli/ops-socket.ts) and
 * runs there as the demo operator account ops-admin. Answers the command's output; a refusal
 * throws with its message. (The CLI's own process and its argument reading are tested in
 * apps/server/src/cli; starting it through npx and tsx cost about 2 s of CPU a call.)
 */
export const ops = (...args: string[]) => opsAs('ops-admin', ...args);

/** `ops` as another demo operator: who approves a claim does not pay it (ops-review approves, ops-finance pays). */
export async function opsAs(operator: string, ...args: string[]): Promise<string> {
  const dataDir = e2eDataDir();
  const socketFile = path.join(dataDir, 'ops.sock');
  if (!existsSync(socketFile)) throw new Error(`${socketFile} 不存在：服务器未在该数据目录运行`);
  const [command, ...rest] = args;
  const request = { command, flags: flagsOf(rest), operator };
  const answer = await new Promise<{ ok: boolean; output?: string; message?: string }>((resolve, reject) => {
    let text = '';
    const socket = net.connect(socketFile, () => socket.write(`${JSON.stringify(request)}\n`));
    socket.setEncoding('utf8');
    socket.setTimeout(30_000, () => socket.destroy(new Error('30 s without an answer')));
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => resolve(JSON.parse(text)));
    socket.on('error', reject);
  });
  if (!answer.ok) throw new Error(`ops ${args.join(' ')} 失败：${answer.message}`);
  return (answer.output ?? '').trim();
}

/**
 * Moves the e2e server's clock forward (it runs with HALL_TEST_CLOCK=1): a limit such as one SMS
 * code a minute is passed at once instead of waited out.
 */
export async function advanceServerClock(seconds: number): Promise<void> {
  expect(await ops('clock-advance', '--seconds', String(seconds))).toContain('服务器时钟已拨快');
}

/**
 * The newest verification code sent to a phone (or e-mail address), read from the outbox the
 * default sender writes (before the send call answers; a few retries cover a slow disk).
 */
export async function latestCode(target: string, channel: 'sms' | 'email' = 'sms'): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const outbox = await ops('sms-outbox', '--phone', target, '--channel', channel, '--limit', '1');
    const code = /验证码(?:为)?(\d{6})/.exec(outbox)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`发件箱中没有发给 ${target} 的验证码`);
}

/** Today in China by the e2e server's clock, which the suite moves (`clock-advance` by one second answers the time). */
export async function serverToday(): Promise<string> {
  const answer = await ops('clock-advance', '--seconds', '1');
  const iso = /现在为 (\S+)/.exec(answer)?.[1];
  if (!iso) throw new Error(`clock-advance did not say the time: ${answer}`);
  return chinaDay(new Date(iso));
}

/** The day `n` days before `day` (both YYYY-MM-DD). */
export const daysBefore = (day: string, n: number) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() - n * 86_400_000).toISOString().slice(0, 10);
