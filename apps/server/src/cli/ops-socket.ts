import { chmodSync, existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { asOperator, type OperatorActor } from '../lib/audit';
import { HallError, refuse } from '../lib/hall-error';
import { findAccount } from '../modules/auth/account.service';
import { listOperators } from '../modules/accounts/accounts.service';
import { faultOf } from '../plugins/errors';
import type { HallContext } from '../types';
import { type Command, commands, flagsOf, UsageError, type Flags } from './commands/index';

/**
 * The embedded database has one writer: while the server runs on PGlite, `npm run ops` cannot
 * open it. The server therefore listens on a Unix socket in the data directory (mode 600, so only
 * the user who owns the database files) and runs the operator's command for it.
 */
export const opsSocketPath = (dataDir: string) => path.join(dataDir, 'ops.sock');

export interface OpsRequest {
  command: string;
  flags: Flags;
  /** The login of the operator account the command acts as (--operator or HALL_OPERATOR); '' when none is given. */
  operator: string;
}
export type OpsAnswer = { ok: true; output: string } | { ok: false; message: string; usage: boolean };

/** Who the first operator account is created by, when there is none to act as. */
export const BOOTSTRAP_ACTOR: OperatorActor = { login: '(bootstrap)', name: '首个操作员账号（初始化）' };

export const OPERATOR_REQUIRED =
  '该命令会改动数据或查看个人信息，须以在册且启用的操作员账号执行：加 --operator <操作员账号>，或设置环境变量 HALL_OPERATOR（账号见 npm run ops -- operator-list）';

/** Refuses a flag the command does not take, naming it and the ones it takes. */
export function checkFlags(name: string, command: Command, flags: Flags) {
  const known = [...flagsOf(command), 'operator'];
  const unknown = Object.keys(flags).filter((f) => flags[f] !== undefined && !known.includes(f));
  if (unknown.length)
    throw new UsageError(
      `未知参数：${unknown.map((f) => `--${f}`).join('、')}（${name} 可用的参数：${known.map((f) => `--${f}`).join('、')}）`,
    );
}

/**
 * The operator account a command acts as: the login given must be an active operator account; an
 * audited command needs one, except the very first operator-create (there is no one to act as yet).
 */
async function operatorOf(ctx: HallContext, name: string, command: Command, login: string): Promise<OperatorActor | undefined> {
  if (!login) {
    if (!command.audited) return undefined;
    if (name === 'operator-create' && (await listOperators(ctx)).length === 0) return BOOTSTRAP_ACTOR;
    throw refuse(OPERATOR_REQUIRED);
  }
  const found = await findAccount(ctx.db, 'operator', login);
  if (!found) throw refuse(`操作员账号不存在：${login}（账号见 npm run ops -- operator-list）`);
  if (found.account.status !== 'active') throw refuse(`操作员账号已停用：${login}，不能以其身份执行命令`);
  return { login: found.account.loginName, name: found.account.operatorName ?? found.account.loginName };
}

/** Runs one command: its flags checked, as the operator account it acts as (audit rows carry its login). */
export async function runCommand(ctx: HallContext, request: OpsRequest): Promise<OpsAnswer> {
  const command = commands[request.command];
  if (!command) return { ok: false, message: `未知命令：${request.command}`, usage: false };
  try {
    checkFlags(request.command, command, request.flags);
    const operator = await operatorOf(ctx, request.command, command, request.operator.trim());
    const run = () => (command.audited ? command.run(ctx, request.flags, operator!.name) : command.run(ctx, request.flags));
    return { ok: true, output: await (operator ? asOperator(operator, run) : run()) };
  } catch (error) {
    if (error instanceof HallError || error instanceof UsageError)
      return { ok: false, message: error.message, usage: error instanceof UsageError };
    throw error;
  }
}

const MAX_LINE = 64 * 1024;
const badLine = (message: string): OpsAnswer => ({ ok: false, message, usage: true });

/** The request of one socket line, or undefined when it is not one. */
export function parseRequest(line: string): OpsRequest | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const r = value as Partial<OpsRequest> | null;
  if (!r || typeof r !== 'object' || typeof r.command !== 'string' || typeof r.operator !== 'string') return undefined;
  if (!r.flags || typeof r.flags !== 'object' || Array.isArray(r.flags)) return undefined;
  return { command: r.command, flags: r.flags, operator: r.operator };
}

export async function startOpsSocket(ctx: HallContext, dataDir: string, log: { error(o: object, m: string): void }) {
  const file = opsSocketPath(dataDir);
  if (existsSync(file)) rmSync(file); // left by a server that did not stop cleanly
  const server = net.createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    let taken = false;
    socket.on('data', (chunk) => {
      if (taken) return; // one command per connection; anything after its line is ignored
      input += chunk;
      if (input.length > MAX_LINE) return void socket.end(JSON.stringify(badLine('命令过长')) + '\n');
      if (!input.includes('\n')) return;
      taken = true;
      // A line that is not a command (bad JSON, wrong shape) is answered, never thrown: the socket
      // handler runs outside any request, so a throw here would stop the server.
      const request = parseRequest(input.slice(0, input.indexOf('\n')));
      if (!request) return void socket.end(JSON.stringify(badLine('命令格式错误')) + '\n');
      runCommand(ctx, request)
        .catch((error: Error) => {
          log.error({ fault: faultOf(error) }, 'operator command failed');
          return { ok: false, message: `命令失败：${error.message}`, usage: false } as OpsAnswer;
        })
        .then((answer) => socket.end(JSON.stringify(answer) + '\n'));
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(file, resolve));
  chmodSync(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(file, { force: true });
      }),
  };
}

/** Sends a command to a running server; undefined when none listens (the CLI then opens the database itself). */
export async function sendToServer(dataDir: string, request: OpsRequest): Promise<OpsAnswer | undefined> {
  const file = opsSocketPath(dataDir);
  if (!existsSync(file)) return undefined;
  return new Promise((resolve) => {
    const socket = net.connect(file);
    let output = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (output += chunk));
    socket.on('end', () => resolve(output ? (JSON.parse(output) as OpsAnswer) : undefined));
    socket.on('error', () => resolve(undefined));
    socket.on('connect', () => socket.write(JSON.stringify(request) + '\n'));
  });
}
