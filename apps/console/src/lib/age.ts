/** How long something has waited, in the largest whole unit: 3 天, 5 小时, 12 分钟, 不到 1 分钟. */
export function ageText(since: string | null | undefined, now = Date.now()): string {
  if (!since) return '—';
  const minutes = Math.floor((now - Date.parse(since)) / 60_000);
  if (!Number.isFinite(minutes)) return '—';
  if (minutes >= 1440) return `${Math.floor(minutes / 1440)} 天`;
  if (minutes >= 60) return `${Math.floor(minutes / 60)} 小时`;
  return minutes >= 1 ? `${minutes} 分钟` : '不到 1 分钟';
}
