-- The audit chain is appended at commit, not at insert (docs/decisions.md, "The audit log is a hash
-- chain"). Migration 0033 chained a row in its BEFORE INSERT trigger under pg_advisory_xact_lock(727002),
-- held to the writer's commit: a bank statement's confirm, a roster import or a settlement load that
-- wrote an audit row early held up every other audited write of the hall, logins included, until it
-- ended. Now a row is inserted unchained (chain_seq, prev_hash and hash null) and a deferred constraint
-- trigger chains it when its transaction commits: the lock is taken there and held only through the
-- commit. Commit order is chain order; the hash, its columns and the unique chain_seq are unchanged.
-- No committed row is unchained: audit-verify names one as a fault.
ALTER TABLE "audit_log" ALTER COLUMN "chain_seq" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "prev_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_chain_whole" CHECK (("audit_log"."chain_seq" IS NULL) = ("audit_log"."prev_hash" IS NULL) AND ("audit_log"."chain_seq" IS NULL) = ("audit_log"."hash" IS NULL));--> statement-breakpoint
DROP TRIGGER "audit_log_chain" ON "audit_log";--> statement-breakpoint
DROP FUNCTION audit_log_chain();--> statement-breakpoint
-- A writer never chooses a row's place or hashes: whatever it sends, the row starts unchained.
CREATE FUNCTION audit_log_unchained() RETURNS trigger AS $$
BEGIN
  NEW.chain_seq := NULL;
  NEW.prev_hash := NULL;
  NEW.hash := NULL;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_unchained BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_unchained();--> statement-breakpoint
-- At the writer's commit, for each of its rows in insert order: take the chain's lock (held to the end
-- of this commit, so the next committer reads this row), read the last chained row (each statement
-- here sees what committed before the lock was granted; audit_chain_seq_key, nulls skipped) and chain
-- the row after it. The hash is computed from the stored row, the columns audit-verify reads. The
-- row is found by id alone: with `AND chain_seq IS NULL` the cached plan may walk audit_chain_seq_key's
-- nulls, which a large transaction's own rows fill (its commit of 20,000 rows took 60 s, not 2 s).
-- A writer at REPEATABLE READ reads the last row of its snapshot: if another audited commit came
-- after it, its commit fails on audit_chain_seq_key (no fork): audited writers stay at READ COMMITTED.
CREATE FUNCTION audit_log_chain() RETURNS trigger AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(727002);
  SELECT chain_seq, hash INTO last_seq, last_hash FROM audit_log
    WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1;
  last_seq := coalesce(last_seq, 0) + 1;
  last_hash := coalesce(last_hash, repeat('0', 64));
  UPDATE audit_log SET chain_seq = last_seq, prev_hash = last_hash,
    hash = audit_log_hash(last_hash, id, last_seq, at, actor_kind, actor_key, action, detail, ip)
    WHERE id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_log_chain AFTER INSERT ON audit_log DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain();--> statement-breakpoint
-- Still append-only, with one exception: the chain trigger's own update (a trigger's statement, so
-- depth 2) that chains an unchained row and changes nothing else. A writer's UPDATE runs at depth 1
-- and is refused, even on its own row before commit; deletes are refused as before.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 AND OLD.chain_seq IS NULL AND NEW.chain_seq IS NOT NULL
     AND (NEW.id, NEW.at, NEW.actor_kind, NEW.actor_key, NEW.action, NEW.detail, NEW.ip)
         IS NOT DISTINCT FROM (OLD.id, OLD.at, OLD.actor_kind, OLD.actor_key, OLD.action, OLD.detail, OLD.ip) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;
