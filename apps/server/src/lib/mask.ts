/** 13807310001 → 138****0001: phones are shown masked to anyone but their owner (DESIGN.md §9). */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  return phone.length >= 11 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone.replace(/\d(?=\d{2})/g, '*');
}

/** zhang@example.com → z***@example.com */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return domain ? `${local.slice(0, 1)}***@${domain}` : '***';
}

export const maskTarget = (target: string) => (target.includes('@') ? maskEmail(target) : maskPhone(target));
