import type { z } from 'zod';
import { refuse } from '../../lib/hall-error';

/** Parses an operator's input; the first problem is the refusal (Chinese), nothing is written. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw refuse(parsed.error.issues[0]?.message ?? '输入有误');
  return parsed.data;
}
