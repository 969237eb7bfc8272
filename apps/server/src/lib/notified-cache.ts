/**
 * Values kept in the process between calls, correct only while every change reaches them: the
 * database announces each change of what a value was read from (`pg_notify('hall_changes', …)`,
 * migration triggers), lib/change-listener.ts forwards the messages here, and while that channel
 * is down the cache holds nothing (`enabled` false). An entry also lives at most `ttlMs`, the
 * backstop for a change that was missed anyway.
 *
 * A message names what changed, `<kind>:<id>[,<id>…]` (`s:` a session, `a:` an account, `u:` a
 * unit, `p:` a person, `m:` a mail recipient), or `*` (everything); each entry is put with the keys
 * it was read from (`a:12`), and a message drops every entry holding one of its keys. The identity
 * check (modules/auth) and the unread count (modules/mail) use it.
 */
export class NotifiedCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  /** `a:1` → the entries read from account 1 (likewise for every key kind). */
  private readonly holders = new Map<string, Set<string>>();
  enabled = false;
  /** Answers from the cache and reads of the database (bench and tests read them). */
  readonly stats = { hits: 0, misses: 0 };
  /** Counts change messages: a value read before a change arrived must not be kept after it. */
  private changes = 0;

  constructor(
    /** The message kinds this cache listens to (`['s', 'a', 'u', 'p']`). */
    readonly kinds: readonly string[],
    private readonly ttlMs = 30_000,
    private readonly max = 100_000,
  ) {}

  get size() {
    return this.entries.size;
  }

  get(id: string, now: number): V | undefined {
    const entry = this.entries.get(id);
    if (entry && entry.until > now && this.enabled) {
      this.stats.hits++;
      return entry.value;
    }
    if (entry) this.entries.delete(id);
    this.stats.misses++;
    return undefined;
  }

  /** Taken before the value is read from the database; put() refuses it if a change came since. */
  mark(): number {
    return this.changes;
  }

  put(id: string, value: V, keys: readonly string[], now: number, mark: number) {
    if (!this.enabled || mark !== this.changes) return;
    // Oldest first out (a Map keeps insertion order): the bound is for a flood, not an LRU.
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, { value, until: now + this.ttlMs });
    for (const key of [`id:${id}`, ...keys]) {
      const set = this.holders.get(key) ?? new Set<string>();
      this.holders.set(key, set.add(id));
    }
  }

  /** Replaces an entry's value with one this process wrote (its keys and lifetime unchanged). */
  update(id: string, change: (value: V) => V) {
    const entry = this.entries.get(id);
    if (entry) entry.value = change(entry.value);
  }

  /** Applies one change message (a comma list of ids of one kind: `u:1,2,3`). */
  invalidate(message: string) {
    this.changes++;
    if (message === '*') return this.clear();
    const colon = message.indexOf(':');
    const kind = message.slice(0, colon);
    for (const id of message.slice(colon + 1).split(',')) {
      const key = `${kind}:${id}`;
      for (const held of this.holders.get(key) ?? []) this.entries.delete(held);
      this.holders.delete(key);
    }
  }

  clear() {
    this.changes++;
    this.entries.clear();
    this.holders.clear();
  }

  /** The channel is up (after a fresh LISTEN: anything cached before may have missed changes). */
  enable() {
    this.clear();
    this.enabled = true;
  }

  disable() {
    this.enabled = false;
    this.clear();
  }
}
