-- The audit log becomes a hash chain (docs/decisions.md, "The audit log is a hash chain"): every row
-- carries its place in the chain, the hash of the row before it and its own hash over every column.
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
-- A row's hash: SHA-256 (hex) of the previous row's hash followed by the row's canonical form,
-- 'v1' and then each column as '|' || <byte length> || ':' || <text> ('|~' for NULL), in the order
-- id, chain_seq, at (microseconds since 1970, UTC), actor_kind, actor_key, action, detail (jsonb's
-- own text, which orders keys), ip. modules/audit/chain.service.ts computes the same in Node to
-- check it: the verifier does not trust this function.
CREATE FUNCTION audit_log_field(f text) RETURNS text AS $$
  SELECT CASE WHEN f IS NULL THEN '|~' ELSE '|' || octet_length(f) || ':' || f END
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- PL/pgSQL (its expression planned once per session) with the field function inlined into it: a
-- SQL function holding a query would be planned again at every row.
CREATE FUNCTION audit_log_hash(prev text, id bigint, seq bigint, at timestamptz, actor_kind text, actor_key text,
                               action text, detail jsonb, ip text) RETURNS text AS $$
BEGIN
  RETURN encode(sha256(convert_to(prev || 'v1' || audit_log_field(id::text) || audit_log_field(seq::text)
    || audit_log_field((extract(epoch FROM at) * 1000000)::bigint::text) || audit_log_field(actor_kind)
    || audit_log_field(actor_key) || audit_log_field(action) || audit_log_field(detail::text) || audit_log_field(ip), 'UTF8')), 'hex');
END;
$$ LANGUAGE plpgsql IMMUTABLE;
--> statement-breakpoint
-- The rows already written, in id order, start the chain (the append-only trigger steps aside for it).
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_change";--> statement-breakpoint
DO $$
DECLARE
  r record;
  prev text := repeat('0', 64);
  n bigint := 0;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    n := n + 1;
    UPDATE audit_log SET chain_seq = n, prev_hash = prev,
      hash = audit_log_hash(prev, r.id, n, r.at, r.actor_kind, r.actor_key, r.action, r.detail, r.ip)
      WHERE id = r.id RETURNING hash INTO prev;
  END LOOP;
END $$;
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_change";--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "chain_seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_chain_seq_key" ON "audit_log" USING btree ("chain_seq");--> statement-breakpoint
-- Every new row is appended after the chain's last row, under a transaction lock (advisory key
-- 727002, held to the writer's commit): concurrent writers take turns, and the next one reads the
-- row the last one committed (a statement in the trigger sees what committed before it, and the
-- rows its own statement wrote before this one). The last row is found by audit_chain_seq_key.
CREATE FUNCTION audit_log_chain() RETURNS trigger AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(727002);
  SELECT chain_seq, hash INTO last_seq, last_hash FROM audit_log ORDER BY chain_seq DESC LIMIT 1;
  NEW.chain_seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
  NEW.hash := audit_log_hash(NEW.prev_hash, NEW.id, NEW.chain_seq, NEW.at, NEW.actor_kind, NEW.actor_key, NEW.action, NEW.detail, NEW.ip);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
