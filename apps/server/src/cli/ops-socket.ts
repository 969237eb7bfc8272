import { chmodSync, existsSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { HallError } from '../lib/hall-error';
import { faultOf } from '../plugins/errors';
import type { HallContext } from '../types';
import { commands, UsageError, type Flags } from './commands/index';

/**
 * The embedded database has one writer: while the server runs on PGlite, `npm run ops` cannot
 * open it. The server therefore listens on a Unix socket in the data directory (mode 600, so only
 * the user who owns the database files) and runs the operator's command for it.
 */
export const opsSocketPath = (dataDir: string) => path.join(dataDir, 'ops.sock');

export interface OpsRequest {
  command: string;
  flags: Flags;
  operator: string;
}
export type OpsAnswer = { ok: true; output: string } | { ok: false; message: string; usage: boolean };

export async function runCommand(ctx: HallContext, request: OpsRequest): Promise<OpsAnswer> {
  const command = commands[request.command];
  if (!command) return { ok: false, message: `未知命令：${request.command}`, usage: false };
  try {
    return { ok: true, output: await command.run(ctx, request.flags, request.operator) };
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
