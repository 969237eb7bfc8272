/**
 * Whether a database error is a unique-key violation (SQLSTATE 23505), whichever driver raised it
 * and however the ORM wrapped it: two requests that pass a "not taken yet" check at the same time
 * meet at the unique index, and the second gets the same refusal as a sequential duplicate.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return true;
  }
  return false;
}
