ALTER TABLE "units" ADD COLUMN "legal_mobile" text;
--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "contact_tel" text;
--> statement-breakpoint
-- units.contact_phone held two phones: the legal representative's mobile (written at registration,
-- the same number as unit_profiles.legent_tel and registrations.phone) and the unit's contact phone
-- (demo seed, /improveInfo contactTel). Each gets its own column on units; legent_tel moves too.
UPDATE "units" u SET "legal_mobile" = COALESCE(
  (SELECT p."legent_tel" FROM "unit_profiles" p WHERE p."unit_id" = u."id" AND p."legent_tel" <> ''),
  (SELECT r."phone" FROM "registrations" r WHERE r."unit_id" = u."id"));
--> statement-breakpoint
-- Registration copied the legal representative's mobile into contact_phone and left the unit
-- incomplete; /improveInfo then overwrote it with the contact phone. So a contact_phone of an
-- incomplete unit equal to the legal mobile is that copy, not a contact phone.
UPDATE "units" SET "contact_tel" = "contact_phone"
  WHERE "contact_phone" <> '' AND NOT ("info_complete" = false AND "contact_phone" = "legal_mobile");
--> statement-breakpoint
-- Rows the old schema allowed and the new one refuses: fixed (or, for rows nobody can reach any
-- more, removed) before the constraints are added, in the order of the references.
UPDATE "units" SET "parent_id" = NULL
  WHERE "parent_id" = "id" OR ("parent_id" IS NOT NULL AND "parent_id" NOT IN (SELECT "id" FROM "units"));
--> statement-breakpoint
UPDATE "units" SET "level" = CASE WHEN "parent_id" IS NULL AND "uni_type" IN ('92', '93', '99') THEN 1 ELSE 2 END
  WHERE "level" NOT IN (1, 2);
--> statement-breakpoint
UPDATE "units" SET "uni_type" = NULL WHERE "uni_type" IS NOT NULL AND ("level" <> 1 OR "uni_type" NOT IN ('92', '93', '99'));
--> statement-breakpoint
UPDATE "units" SET "parent_id" = NULL WHERE "level" = 1 AND "parent_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "units" SET "auth_state" = NULL WHERE "auth_state" NOT IN ('1', '2');
--> statement-breakpoint
UPDATE "units" SET "notify_state" = NULL WHERE "notify_state" NOT IN ('0', '1', '2', '3');
--> statement-breakpoint
UPDATE "units" SET "region_code" = NULL WHERE "region_code" !~ '^[0-9]{6}$';
--> statement-breakpoint
UPDATE "persons" SET "gender" = NULL WHERE "gender" NOT IN ('1', '2');
--> statement-breakpoint
DELETE FROM "staff" WHERE "unit_id" NOT IN (SELECT "id" FROM "units") OR "person_id" NOT IN (SELECT "id" FROM "persons");
--> statement-breakpoint
UPDATE "staff" SET "psn_type" = '1' WHERE "psn_type" NOT IN ('1', '2', '3', '4');
--> statement-breakpoint
UPDATE "accounts" SET "unit_id" = NULL
  WHERE "unit_id" IS NOT NULL AND ("login_type" <> 'unit' OR "unit_id" NOT IN (SELECT "id" FROM "units"));
--> statement-breakpoint
UPDATE "accounts" SET "person_id" = NULL
  WHERE "person_id" IS NOT NULL AND ("login_type" <> 'personal' OR "person_id" NOT IN (SELECT "id" FROM "persons"));
--> statement-breakpoint
UPDATE "accounts" SET "status" = 'disabled' WHERE "status" NOT IN ('active', 'disabled', 'pending', 'rejected');
--> statement-breakpoint
-- An account without its unit or person could not log in (the auth query joins the owner): it goes,
-- with its sessions, refresh tokens and bound e-mail.
DELETE FROM "sessions" WHERE "account_id" NOT IN (SELECT "id" FROM "accounts"
  WHERE ("login_type" = 'unit' AND "unit_id" IS NOT NULL) OR ("login_type" = 'personal' AND "person_id" IS NOT NULL));
--> statement-breakpoint
DELETE FROM "account_emails" WHERE "account_id" NOT IN (SELECT "id" FROM "accounts"
  WHERE ("login_type" = 'unit' AND "unit_id" IS NOT NULL) OR ("login_type" = 'personal' AND "person_id" IS NOT NULL));
--> statement-breakpoint
DELETE FROM "accounts" WHERE NOT (("login_type" = 'unit' AND "unit_id" IS NOT NULL) OR ("login_type" = 'personal' AND "person_id" IS NOT NULL));
--> statement-breakpoint
DELETE FROM "refresh_tokens" WHERE "session_id" NOT IN (SELECT "id" FROM "sessions");
--> statement-breakpoint
UPDATE "sessions" s SET "login_type" = a."login_type" FROM "accounts" a
  WHERE a."id" = s."account_id" AND s."login_type" NOT IN ('unit', 'personal');
--> statement-breakpoint
UPDATE "sessions" SET "access_gen" = 1 WHERE "access_gen" < 1;
--> statement-breakpoint
UPDATE "sessions" SET "revoked_at" = "last_seen_at" WHERE "revoked_at" IS NULL AND "revoke_reason" IS NOT NULL;
--> statement-breakpoint
UPDATE "sessions" SET "revoke_reason" = 'operator' WHERE "revoked_at" IS NOT NULL AND "revoke_reason" IS NULL;
--> statement-breakpoint
DELETE FROM "login_guards" WHERE "login_type" NOT IN ('unit', 'personal');
--> statement-breakpoint
UPDATE "login_guards" SET "failures" = 0 WHERE "failures" < 0;
--> statement-breakpoint
UPDATE "rate_hits" SET "hits" = 0 WHERE "hits" < 0;
--> statement-breakpoint
UPDATE "mail_messages" SET "recipient_kind" = CASE WHEN "recipient_key" ~ '^[0-9]{17}[0-9Xx]$' THEN 'personal' ELSE 'unit' END
  WHERE "recipient_kind" NOT IN ('unit', 'personal');
--> statement-breakpoint
UPDATE "mail_messages" SET "read_flag" = CASE WHEN "read_at" IS NULL THEN '0' ELSE '1' END WHERE "read_flag" NOT IN ('0', '1');
--> statement-breakpoint
-- Dates given the wrong way round are taken as swapped; of several current periods the latest stays current.
UPDATE "periods" SET "start_date" = "end_date", "end_date" = "start_date" WHERE "start_date" > "end_date";
--> statement-breakpoint
UPDATE "periods" SET "enrol_start" = "enrol_end", "enrol_end" = "enrol_start" WHERE "enrol_start" > "enrol_end";
--> statement-breakpoint
UPDATE "periods" SET "waiting_days" = 0 WHERE "waiting_days" < 0;
--> statement-breakpoint
UPDATE "periods" SET "current" = false
  WHERE "current" AND "year" < (SELECT max("year") FROM "periods" WHERE "current");
--> statement-breakpoint
DELETE FROM "products" WHERE "period_id" NOT IN (SELECT "id" FROM "periods");
--> statement-breakpoint
UPDATE "products" SET "rate_per_share" = 0 WHERE "rate_per_share" < 0;
--> statement-breakpoint
-- A file of an unknown owner kind is kept for the operators only.
UPDATE "files" SET "owner_kind" = 'operator', "owner_key" = 'unknown', "visibility" = 'private'
  WHERE "owner_kind" NOT IN ('unit', 'personal', 'operator', 'anonymous') OR "owner_key" = '';
--> statement-breakpoint
UPDATE "files" SET "visibility" = 'private' WHERE "visibility" NOT IN ('public', 'private');
--> statement-breakpoint
UPDATE "notices" SET "kind" = 'notice' WHERE "kind" NOT IN ('notice', 'policy');
--> statement-breakpoint
-- A notice of an unknown state is not shown (draft) rather than published by the migration.
UPDATE "notices" SET "status" = 'draft' WHERE "status" NOT IN ('draft', 'published', 'withdrawn');
--> statement-breakpoint
UPDATE "notices" SET "published_at" = "updated_at" WHERE "status" = 'published' AND "published_at" IS NULL;
--> statement-breakpoint
DELETE FROM "registrations" WHERE "unit_id" NOT IN (SELECT "id" FROM "units");
--> statement-breakpoint
UPDATE "registrations" SET "authorization_file_id" = NULL
  WHERE "authorization_file_id" IS NOT NULL AND "authorization_file_id" NOT IN (SELECT "id" FROM "files");
--> statement-breakpoint
-- A registration's scan still owned by its anonymous uploader (a claim the old code could miss) is
-- the unit's: the hourly sweep of unclaimed uploads must not meet it (the reference restricts).
UPDATE "files" f SET "owner_kind" = 'unit', "owner_key" = u."uact", "visibility" = 'private'
  FROM "registrations" r JOIN "units" u ON u."id" = r."unit_id"
  WHERE r."authorization_file_id" = f."id" AND f."owner_kind" = 'anonymous';
--> statement-breakpoint
UPDATE "registrations" SET "kind" = CASE WHEN "authorization_file_id" IS NULL THEN 'unit' ELSE 'bidding' END
  WHERE "kind" NOT IN ('unit', 'bidding');
--> statement-breakpoint
-- A registration of an unknown state goes back to review.
UPDATE "registrations" SET "status" = 'pending' WHERE "status" NOT IN ('pending', 'approved', 'rejected');
--> statement-breakpoint
DELETE FROM "unit_profiles" WHERE "unit_id" NOT IN (SELECT "id" FROM "units");
--> statement-breakpoint
UPDATE "unit_profiles" SET "staff_count" = NULL WHERE "staff_count" < 0;
--> statement-breakpoint
DELETE FROM "agents" WHERE "person_id" NOT IN (SELECT "id" FROM "persons");
--> statement-breakpoint
UPDATE "agents" SET "cert_start" = "cert_end", "cert_end" = "cert_start" WHERE "cert_end" < "cert_start";
--> statement-breakpoint
DELETE FROM "verification_codes" WHERE "channel" NOT IN ('sms', 'email');
--> statement-breakpoint
UPDATE "verification_codes" SET "failures" = 0 WHERE "failures" < 0;
--> statement-breakpoint
UPDATE "outbox" SET "channel" = CASE WHEN "target" LIKE '%@%' THEN 'email' ELSE 'sms' END WHERE "channel" NOT IN ('sms', 'email');
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_parent_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "account_emails" ADD CONSTRAINT "account_emails_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_authorization_file_id_files_id_fk" FOREIGN KEY ("authorization_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "unit_profiles" ADD CONSTRAINT "unit_profiles_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "accounts_unit_idx" ON "accounts" USING btree ("unit_id");
--> statement-breakpoint
CREATE INDEX "accounts_person_idx" ON "accounts" USING btree ("person_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "periods_current_key" ON "periods" USING btree ("current") WHERE "periods"."current";
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_status_check" CHECK ("status" IN ('active', 'disabled', 'pending', 'rejected'));
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_owner_check" CHECK (("accounts"."login_type" = 'unit' AND "accounts"."unit_id" IS NOT NULL AND "accounts"."person_id" IS NULL) OR ("accounts"."login_type" = 'personal' AND "accounts"."person_id" IS NOT NULL AND "accounts"."unit_id" IS NULL));
--> statement-breakpoint
ALTER TABLE "login_guards" ADD CONSTRAINT "login_guards_login_type_check" CHECK ("login_type" IN ('unit', 'personal'));
--> statement-breakpoint
ALTER TABLE "login_guards" ADD CONSTRAINT "login_guards_failures_check" CHECK ("login_guards"."failures" >= 0);
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_recipient_kind_check" CHECK ("recipient_kind" IN ('unit', 'personal'));
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_read_flag_check" CHECK ("read_flag" IN ('0', '1'));
--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_dates_check" CHECK ("periods"."start_date" <= "periods"."end_date" AND "periods"."enrol_start" <= "periods"."enrol_end");
--> statement-breakpoint
ALTER TABLE "periods" ADD CONSTRAINT "periods_waiting_days_check" CHECK ("periods"."waiting_days" >= 0);
--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_gender_check" CHECK ("persons"."gender" IS NULL OR "gender" IN ('1', '2'));
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_rate_check" CHECK ("products"."rate_per_share" >= 0);
--> statement-breakpoint
ALTER TABLE "rate_hits" ADD CONSTRAINT "rate_hits_hits_check" CHECK ("rate_hits"."hits" >= 0);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_login_type_check" CHECK ("login_type" IN ('unit', 'personal'));
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_access_gen_check" CHECK ("sessions"."access_gen" >= 1);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_revoke_check" CHECK (("sessions"."revoked_at" IS NULL) = ("sessions"."revoke_reason" IS NULL));
--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_psn_type_check" CHECK ("psn_type" IN ('1', '2', '3', '4'));
--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_level_check" CHECK ("units"."level" IN (1, 2));
--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_uni_type_check" CHECK ("units"."uni_type" IS NULL OR ("units"."level" = 1 AND "uni_type" IN ('92', '93', '99')));
--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_parent_check" CHECK ("units"."parent_id" IS NULL OR ("units"."level" = 2 AND "units"."parent_id" <> "units"."id"));
--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_auth_state_check" CHECK ("units"."auth_state" IS NULL OR "auth_state" IN ('1', '2'));
--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_notify_state_check" CHECK ("units"."notify_state" IS NULL OR "notify_state" IN ('0', '1', '2', '3'));
--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_region_code_check" CHECK ("units"."region_code" IS NULL OR "units"."region_code" ~ '^[0-9]{6}$');
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_cert_dates_check" CHECK ("agents"."cert_end" IS NULL OR "agents"."cert_end" >= "agents"."cert_start");
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_kind_check" CHECK ("owner_kind" IN ('unit', 'personal', 'operator', 'anonymous'));
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_key_check" CHECK ("files"."owner_key" <> '');
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_visibility_check" CHECK ("visibility" IN ('public', 'private'));
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_size_check" CHECK ("files"."size" >= 0);
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_kind_check" CHECK ("kind" IN ('notice', 'policy'));
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_status_check" CHECK ("status" IN ('draft', 'published', 'withdrawn'));
--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_published_check" CHECK ("notices"."status" <> 'published' OR "notices"."published_at" IS NOT NULL);
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_check" CHECK ("channel" IN ('sms', 'email'));
--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_kind_check" CHECK ("kind" IN ('unit', 'bidding'));
--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected'));
--> statement-breakpoint
ALTER TABLE "unit_profiles" ADD CONSTRAINT "unit_profiles_staff_count_check" CHECK ("unit_profiles"."staff_count" IS NULL OR "unit_profiles"."staff_count" >= 0);
--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_channel_check" CHECK ("channel" IN ('sms', 'email'));
--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_failures_check" CHECK ("verification_codes"."failures" >= 0);
--> statement-breakpoint
ALTER TABLE "units" DROP COLUMN "contact_phone";
--> statement-breakpoint
ALTER TABLE "unit_profiles" DROP COLUMN "legent_tel";
--> statement-breakpoint
-- The audit log is append-only also against TRUNCATE (a statement-level trigger: row triggers do not fire on it).
CREATE OR REPLACE FUNCTION audit_log_no_truncate() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_no_truncate();
