import { SERIAL_MARKER } from '@hall/shared/codes/index.ts';

const CONTACT_ADMIN = '请联系管理员';
const TRAILING_PUNCTUATION = /[\s。，,.;；:：!！、（(]+$/;

/**
 * The text a user sees for a refusal (R53). Internal faults end with an exception serial
 * number that means nothing to the user: keep only what comes before it, e.g.
 * '系统繁忙，请联系管理员。异常流水号：abc123' → '系统繁忙，请联系管理员'.
 */
export function displayMessage(message: unknown): string {
  const text = typeof message === 'string' ? message.trim() : '';
  if (!text) return '';
  const serialAt = text.indexOf(SERIAL_MARKER);
  if (serialAt >= 0) return text.slice(0, serialAt).replace(TRAILING_PUNCTUATION, '');
  const contactAt = text.indexOf(CONTACT_ADMIN);
  if (contactAt >= 0) return text.slice(0, contactAt + CONTACT_ADMIN.length);
  return text;
}
