import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';

/**
 * A chain row as its hash reads it: every column as text, `at` in microseconds since 1970 and the
 * detail as jsonb's own text (keys ordered), so nothing is lost or reformatted on the way to Node.
 */
export interface ChainRow {
  id: string;
  seq: string;
  at_us: string | null;
  actor_kind: string | null;
  actor_key: string | null;
  action: string | null;
  detail: string | null;
  ip: string | null;
  prev_hash: string | null;
  hash: string | null;
}

/** The next page of the chain after place `afterSeq`, in chain order (keyset on audit_chain_seq_key). */
export const chainPage = (db: Db, afterSeq: number, limit: number) =>
  queryRows<ChainRow>(
    db,
    sql`select id::text, chain_seq::text as seq, (extract(epoch from at) * 1000000)::bigint::text as at_us,
               actor_kind, actor_key, action, detail::text as detail, ip, prev_hash, hash
        from audit_log where chain_seq > ${afterSeq} order by chain_seq limit ${limit}`,
  );

/**
 * A committed row outside the chain, if any. A row is chained by its writer's commit (migration
 * 0038), so only a superuser with the triggers off leaves one; a writer's own rows before its commit
 * are invisible to the verifier's connection. Found by audit_chain_seq_key (its nulls), not a scan.
 */
export const unchainedRow = async (db: Db) =>
  (await queryRows<{ id: string }>(db, sql`select id::text from audit_log where chain_seq is null limit 1`))[0]?.id;
