import { messages } from './messages';
import { present } from './internal';

/** Length presets of spec §5: 字段长度不能超过20 / 字段长度不能超过500. */
export const LENGTH_PRESETS = { short: 20, long: 500 } as const;

const BLANK_TEXTS = new Set(['', 'NULL', 'UNDEFINED', '{}']);

/**
 * Blank check (R46). Blank are: null, undefined, '' and whitespace-only strings, and the
 * texts 'NULL', 'UNDEFINED' and '{}' (after trimming). Case handling: 'null' and
 * 'undefined' count in any letter case ('Null', 'undefined', …), since they arrive from
 * String(null) / String(undefined) as often as from upper-case sources.
 * Only texts are inspected: numbers (including 0), booleans, arrays and objects — an empty
 * object {} too — are not blank.
 */
export function isBlank(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v !== 'string') return false;
  return BLANK_TEXTS.has(v.trim().toUpperCase());
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * Deep copy of a request value with every string trimmed (R35). Arrays and plain objects
 * (prototype Object.prototype or null) are copied and recursed into; everything else —
 * Date, File, Blob, FormData, Map, class instances, numbers… — is kept as it is (same
 * identity). Cycles are preserved rather than followed forever. The input is not changed.
 */
export function trimStrings<T>(value: T): T {
  return trimValue(value, new WeakMap()) as T;
}

function trimValue(value: unknown, seen: WeakMap<object, unknown>): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) {
    if (seen.has(value)) return seen.get(value);
    const out: unknown[] = [];
    seen.set(value, out);
    for (const item of value) out.push(trimValue(item, seen));
    return out;
  }
  if (isPlainObject(value)) {
    if (seen.has(value)) return seen.get(value);
    const out: Record<string, unknown> = Object.create(Object.getPrototypeOf(value));
    seen.set(value, out);
    for (const [key, item] of Object.entries(value)) {
      // defineProperty so that an own '__proto__' key stays a plain property.
      Object.defineProperty(out, key, { value: trimValue(item, seen), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/** Required text field: 请输入{label} when blank (R46 sense), else null. */
export function checkRequired(v: unknown, label: string): string | null {
  return isBlank(v) ? messages.required(label) : null;
}

/**
 * 字段长度不能超过n when the text is longer than n. Length counts UTF-16 code units,
 * like an <input maxlength> and zod's .max(), so the browser, this rule and the server
 * schemas agree. Blank input is not checked.
 */
export function checkMaxLength(v: unknown, n: number): string | null {
  const s = present(v);
  if (s === null) return null;
  return s.length > n ? messages.maxLength(n) : null;
}
