import { z } from 'zod';

/**
 * The one schema of a record's id in a request (docs/api.md, "Ids"): digits or a number, trimmed,
 * within the range of the column it names, else refused (code 1) with the field's Chinese message,
 * never passed on to the database (an id past 2³¹ on an integer column was an internal error).
 */

/** The largest id of a `serial` (integer) column. */
export const INT_ID_MAX = 2_147_483_647;
/** The largest id of a `bigserial` column, which the server reads as a JavaScript number. */
export const BIGINT_ID_MAX = Number.MAX_SAFE_INTEGER;
/** The message of an id field that names none of its own. */
export const ID_MESSAGE = '编号不正确';

/** `int`: a serial column (most tables); `bigint`: a bigserial one (mail, application lines, attachments, treatments). */
export type IdRange = 'int' | 'bigint';

/** Every id schema made here, with its range and message: the id-range test reads it. */
export const idRegistry = z.registry<{ range: IdRange; message: string }>();

/** An id (1 … INT_ID_MAX, or BIGINT_ID_MAX for `bigint`); anything else is refused with `message`. */
export function idField(message: string = ID_MESSAGE, range: IdRange = 'int') {
  const max = range === 'int' ? INT_ID_MAX : BIGINT_ID_MAX;
  const schema = z.union([z.string(), z.number()], { error: message }).transform((v, ctx) => {
    const digits = String(v).trim();
    const n = /^\d{1,16}$/.test(digits) ? Number(digits) : Number.NaN;
    if (!(n >= 1 && n <= max)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });
  idRegistry.add(schema, { range, message });
  return schema;
}

/** An id of a bigserial column. */
export const bigIdField = (message: string = ID_MESSAGE) => idField(message, 'bigint');
