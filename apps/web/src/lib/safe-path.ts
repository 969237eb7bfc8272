/** An internal path that is safe to go to after login (no protocol-relative or absolute URLs). */
export function safeInternalPath(value: string | null | undefined): string | null {
  return value?.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : null;
}
