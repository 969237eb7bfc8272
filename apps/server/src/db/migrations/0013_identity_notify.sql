-- manual:changes begin
-- Each app node caches the per-call identity check and the unread count (lib/notified-cache.ts).
-- Every change of what they were read from is announced on channel hall_changes, whoever makes it
-- (any node, the CLI, an operator's SQL), and the nodes drop what they hold of it.
-- Identity: row triggers with a WHEN on the columns the cached row holds, so nothing fires when an
-- update leaves them alone (last-seen touches, imports of other columns). Message `<kind>:<id>`.
CREATE OR REPLACE FUNCTION hall_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hall_changes', TG_ARGV[0] || ':' || OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER UPDATE ON sessions FOR EACH ROW
  WHEN ((OLD.revoked_at, OLD.access_gen, OLD.account_id) IS DISTINCT FROM (NEW.revoked_at, NEW.access_gen, NEW.account_id))
  EXECUTE FUNCTION hall_row_changed('s');
--> statement-breakpoint
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION hall_row_changed('s');
--> statement-breakpoint
CREATE TRIGGER accounts_changed AFTER UPDATE ON accounts FOR EACH ROW
  WHEN ((OLD.login_type, OLD.login_name, OLD.status, OLD.must_change_password, OLD.operator_name, OLD.unit_id, OLD.person_id)
    IS DISTINCT FROM (NEW.login_type, NEW.login_name, NEW.status, NEW.must_change_password, NEW.operator_name, NEW.unit_id, NEW.person_id))
  EXECUTE FUNCTION hall_row_changed('a');
--> statement-breakpoint
CREATE TRIGGER accounts_deleted AFTER DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION hall_row_changed('a');
--> statement-breakpoint
CREATE TRIGGER units_changed AFTER UPDATE ON units FOR EACH ROW
  WHEN ((OLD.uact, OLD.emp_name, OLD.level, OLD.uni_type, OLD.parent_id, OLD.insured, OLD.auth_state)
    IS DISTINCT FROM (NEW.uact, NEW.emp_name, NEW.level, NEW.uni_type, NEW.parent_id, NEW.insured, NEW.auth_state))
  EXECUTE FUNCTION hall_row_changed('u');
--> statement-breakpoint
CREATE TRIGGER persons_changed AFTER UPDATE ON persons FOR EACH ROW
  WHEN ((OLD.cert_no, OLD.name, OLD.insured) IS DISTINCT FROM (NEW.cert_no, NEW.name, NEW.insured))
  EXECUTE FUNCTION hall_row_changed('p');
--> statement-breakpoint
-- Mail: once per statement (a notice to every unit inserts 50,000 messages), the recipients it
-- touched as `m:<kind>|<key>,…`, or `*` beyond 200 of them (the caches refill on their next call).
CREATE OR REPLACE FUNCTION hall_mail_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  recipients text[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT recipient_kind || '|' || recipient_key) INTO recipients FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT recipient_kind || '|' || recipient_key) INTO recipients FROM new_rows;
  END IF;
  IF cardinality(recipients) > 200 THEN
    PERFORM pg_notify('hall_changes', '*');
  ELSIF cardinality(recipients) > 0 THEN
    PERFORM pg_notify('hall_changes', 'm:' || array_to_string(recipients, ','));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mail_inserted AFTER INSERT ON mail_messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hall_mail_changed();
--> statement-breakpoint
CREATE TRIGGER mail_updated AFTER UPDATE ON mail_messages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hall_mail_changed();
--> statement-breakpoint
CREATE TRIGGER mail_deleted AFTER DELETE ON mail_messages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hall_mail_changed();
--> statement-breakpoint
-- Notices and policy files: every change drops every cached list page (a handful of pages).
CREATE OR REPLACE FUNCTION hall_notices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hall_changes', 'n:all');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notices_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON notices
  FOR EACH STATEMENT EXECUTE FUNCTION hall_notices_changed();
-- manual:changes end
