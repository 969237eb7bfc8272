import type { HallContext } from '../../types';

export type Flags = Record<string, string | boolean | string[] | undefined>;

export interface Command {
  summary: string;
  usage: string;
  run(ctx: HallContext, flags: Flags, operator: string): Promise<string>;
}

/** A wrong or missing flag: the CLI prints the message and the command's usage. */
export class UsageError extends Error {}

export const text = (flags: Flags, name: string, label: string): string => {
  const value = flags[name];
  if (typeof value !== 'string' || !value.trim()) throw new UsageError(`缺少参数 --${name}（${label}）`);
  return value.trim();
};

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

export const positiveId = (flags: Flags, name = 'id') => {
  const raw = text(flags, name, '编号');
  if (!/^\d{1,9}$/.test(raw)) throw new UsageError(`--${name} 必须是数字编号`);
  return Number(raw);
};

/** Times in the operator's output: Beijing time, to the minute. */
export const beijing = (at: Date | null | undefined) =>
  at ? new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ') : '—';
