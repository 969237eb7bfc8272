import pg from 'pg';
import type { NotifiedCache } from './notified-cache';

export const CHANGES_CHANNEL = 'hall_changes';

/**
 * Feeds the caches of this process from PostgreSQL's change notifications on a connection of its
 * own, so that every app node drops what a change touches as soon as any node (or the CLI, or an
 * operator's SQL) commits it. Each message goes to the caches listening to its kind. The caches
 * are on only while LISTEN is in place: a lost connection empties and disables them until a new
 * one listens again (retried every `retryMs`).
 */
export function listenChanges(
  databaseUrl: string,
  // biome-ignore lint/suspicious/noExplicitAny: caches of any value type
  caches: NotifiedCache<any>[],
  log: { warn(message: string): void },
  retryMs = 1000,
) {
  let client: pg.Client | undefined;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let waiters: { match: (payload: string) => boolean; resolve: (payload: string) => void }[] = [];
  const each = (run: (cache: NotifiedCache<unknown>) => void) => caches.forEach(run);

  const deliver = (payload: string) => {
    const kind = payload === '*' ? '*' : payload.slice(0, payload.indexOf(':'));
    each((cache) => (kind === '*' || cache.kinds.includes(kind)) && cache.invalidate(payload));
    const due = waiters.filter((w) => w.match(payload));
    waiters = waiters.filter((w) => !w.match(payload));
    for (const w of due) w.resolve(payload);
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: databaseUrl });
    client = c;
    const lost = (reason: string) => {
      if (client !== c) return;
      each((cache) => cache.disable());
      client = undefined;
      c.end().catch(() => undefined);
      if (!closed) {
        log.warn(`[changes] notification channel lost (${reason}); the caches are off until it is back`);
        timer = setTimeout(() => void connect(), retryMs);
      }
    };
    c.on('error', (error) => lost(error.message));
    c.on('end', () => lost('ended'));
    c.on('notification', (n) => {
      if (n.channel === CHANGES_CHANNEL && n.payload) deliver(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (client === c && !closed) each((cache) => cache.enable());
    } catch (error) {
      lost((error as Error).message);
    }
  };

  return {
    ready: connect(),
    /** The next change message (that `match`es) once applied: tests wait for it instead of sleeping. */
    nextChange: (match: (payload: string) => boolean = () => true) => new Promise<string>((resolve) => waiters.push({ match, resolve })),
    async close() {
      closed = true;
      clearTimeout(timer);
      each((cache) => cache.disable());
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
