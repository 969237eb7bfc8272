import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import { nodeIndex } from './node';

/**
 * The operator CLI (`npm run ops`) against the running e2e server: the server listens on
 * <HALL_DATA_DIR>/ops.sock and the CLI, given the same data dir, runs its command there.
 * e2e/serve.mjs takes the data dir from E2E_DATA_DIR (node-<n> below it) or writes the temp dir
 * it made to .e2e/data-dir-<n>, n being the worker's server (support/node.ts).
 */
const run = promisify(execFile);
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function e2eDataDir(): string {
  if (process.env.E2E_DATA_DIR) return path.join(process.env.E2E_DATA_DIR, `node-${nodeIndex}`);
  const pointer = path.join(repoRoot, '.e2e', `data-dir-${nodeIndex}`);
  if (!existsSync(pointer)) throw new Error(`找不到 ${pointer}：e2e 服务器（e2e/serve.mjs）没有启动？`);
  return readFileSync(pointer, 'utf8').trim();
}

/**
 * Runs `ops <args>` and answers its standard output; a refusal (exit code ≠ 0) throws with its message.
 * It acts as the demo operator account (HALL_OPERATOR=ops-admin): writing commands need one.
 */
export async function ops(...args: string[]): Promise<string> {
  const dataDir = e2eDataDir();
  if (!existsSync(path.join(dataDir, 'ops.sock'))) throw new Error(`${dataDir}/ops.sock 不存在：服务器未在该数据目录运行`);
  // Without DATABASE_URL the CLI takes the embedded database's path: the server's socket.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  try {
    const { stdout } = await run('npx', ['tsx', 'apps/server/src/cli/ops.ts', ...args], {
      cwd: repoRoot,
      env: { HALL_OPERATOR: 'ops-admin', ...env, HALL_DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      timeout: 30_000,
    });
    return stdout.trim();
  } catch (error) {
    const failure = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`ops ${args.join(' ')} 失败：${(failure.stderr || failure.stdout || failure.message).trim()}`);
  }
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
