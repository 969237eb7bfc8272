import { createReadStream } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { chinaMinute, yuan } from '@hall/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { HallContext } from '../../types';

export type Flags = Record<string, string | boolean | string[] | undefined>;

/**
 * An operator command. `usage` names its flags as help prints them, and the flags it takes are
 * exactly those (plus --operator): any other is refused (cli/ops-socket.ts). `audited`: the command
 * writes the audit log (every change; treatment-list's read of people's data), so it runs as an
 * active operator account (--operator <login> or HALL_OPERATOR) and its run gets the operator's
 * display name, which the services record on what they decide. A command that is not audited gets
 * no operator (its run cannot take one: the types say so).
 */
export type Command = {
  summary: string;
  usage: string;
  /**
   * Runs without opening the database (cli/ops.ts), when no server answers on the data directory:
   * `restore`, whose target must stay empty until it writes.
   */
  offline?(config: Config, flags: Flags): Promise<string>;
} & (
  | { audited: true; run(ctx: HallContext, flags: Flags, operator: string): Promise<string> }
  | { audited: false; run(ctx: HallContext, flags: Flags): Promise<string> }
);

/** The flags a command takes: the ones its usage names. */
export const flagsOf = (command: Pick<Command, 'usage'>): string[] => [
  ...new Set([...command.usage.matchAll(/--([a-z][a-z-]*)/g)].map((m) => m[1])),
];

/** A wrong or missing flag: the CLI prints the message and the command's usage. */
export class UsageError extends Error {}

export const text = (flags: Flags, name: string, label: string): string => {
  const value = flags[name];
  if (typeof value !== 'string' || !value.trim()) throw new UsageError(`缺少参数 --${name}（${label}）`);
  return value.trim();
};

/**
 * The flags of a command that does what an operator call does, read with that call's request
 * schema: the CLI and the route refuse alike (docs/architecture.md, "Server layout"). `input`
 * names the call's fields from the flags (a flag may be named otherwise), and the first problem
 * is the refusal, printed with the command's usage.
 */
export function callFields<S extends z.ZodType>(call: { request: S }, input: Record<string, unknown>): z.output<S> {
  const parsed = call.request.safeParse(input);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0]?.message ?? '输入有误');
  return parsed.data;
}

export const optional = (flags: Flags, name: string) => (typeof flags[name] === 'string' ? (flags[name] as string).trim() : undefined);

/** A flag that may be given several times (--attach a.pdf --attach b.pdf). */
export const list = (flags: Flags, name: string): string[] => {
  const value = flags[name];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
};

export const loginType = (flags: Flags) => {
  const value = optional(flags, 'type') ?? 'unit';
  if (value !== 'unit' && value !== 'personal' && value !== 'operator') throw new UsageError('--type 只能是 unit、personal 或 operator');
  return value;
};

/** Times in the operator's output: China time (UTC+8), to the minute, YYYY-MM-DD HH:mm. */
export const beijing = (at: Date | string | null | undefined) => chinaMinute(at) ?? '—';

/** Money in the operator's output: yuan, two decimals. */
export const money = (fen: number) => `¥${yuan(fen)}`;

/** A text file the operator names (a message's body, a benefit rule), or a refusal naming it. */
export async function readText(file: string) {
  try {
    return await readFile(file, 'utf8');
  } catch {
    throw new UsageError(`无法读取文件：${file}`);
  }
}

/** The file a load reads (the bureau's registry, its settlements): its name and a stream, once it is known to be readable. */
export async function loadFile(flags: Flags, label: string) {
  const file = text(flags, 'file', label);
  try {
    await access(file);
  } catch {
    throw new UsageError(`无法读取文件：${file}`);
  }
  return { fileName: path.basename(file), input: createReadStream(file) };
}

/** A load's refused rows, the first ones listed (the load keeps so many) and how many more. */
export const refusedRows = (errors: { rowNo: number; message: string }[], count: number) =>
  count === 0
    ? []
    : [
        '有误的行（未导入）：',
        ...errors.map((e) => `  第${e.rowNo}行：${e.message}`),
        ...(count > errors.length ? [`  ……另有 ${count - errors.length} 行有误`] : []),
      ];
