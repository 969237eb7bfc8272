CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"login_type" text NOT NULL,
	"login_name" text NOT NULL,
	"unit_id" integer,
	"person_id" integer,
	"password_hash" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_key" text NOT NULL,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"answer_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dict_entries" (
	"type" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dict_entries_type_value_pk" PRIMARY KEY("type","value")
);
--> statement-breakpoint
CREATE TABLE "login_guards" (
	"login_type" text NOT NULL,
	"login_name" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "login_guards_login_type_login_name_pk" PRIMARY KEY("login_type","login_name")
);
--> statement-breakpoint
CREATE TABLE "mail_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient_kind" text NOT NULL,
	"recipient_key" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"sender" text NOT NULL,
	"read_flag" text DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"enrol_start" date NOT NULL,
	"enrol_end" date NOT NULL,
	"pay_deadline" date NOT NULL,
	"waiting_days" integer DEFAULT 90 NOT NULL,
	"current" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"cert_type" text DEFAULT '01' NOT NULL,
	"cert_no" text NOT NULL,
	"name" text NOT NULL,
	"gender" text,
	"birth_date" date,
	"phone" text,
	"insured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"period_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"rate_per_share" numeric(10, 2) NOT NULL,
	CONSTRAINT "products_period_id_code_pk" PRIMARY KEY("period_id","code")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"login_type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"access_gen" integer DEFAULT 1 NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"psn_type" text DEFAULT '1' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" serial PRIMARY KEY NOT NULL,
	"uact" text NOT NULL,
	"emp_name" text NOT NULL,
	"uscc" text,
	"level" smallint NOT NULL,
	"uni_type" text,
	"parent_id" integer,
	"region_code" text,
	"insured" boolean DEFAULT false NOT NULL,
	"auth_state" text,
	"notify_state" text,
	"legal_name" text,
	"contact_phone" text,
	"address" text,
	"info_complete" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_login_key" ON "accounts" USING btree ("login_type","login_name");--> statement-breakpoint
CREATE INDEX "audit_actor_idx" ON "audit_log" USING btree ("actor_key","at");--> statement-breakpoint
CREATE INDEX "captchas_expires_idx" ON "captchas" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "mail_recipient_idx" ON "mail_messages" USING btree ("recipient_kind","recipient_key","read_flag","id");--> statement-breakpoint
CREATE UNIQUE INDEX "periods_year_key" ON "periods" USING btree ("year");--> statement-breakpoint
CREATE UNIQUE INDEX "persons_cert_key" ON "persons" USING btree ("cert_type","cert_no");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_account_idx" ON "sessions" USING btree ("account_id","revoked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_unit_person_key" ON "staff" USING btree ("unit_id","person_id");--> statement-breakpoint
CREATE INDEX "staff_person_idx" ON "staff" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "units_uact_key" ON "units" USING btree ("uact");--> statement-breakpoint
CREATE INDEX "units_parent_idx" ON "units" USING btree ("parent_id");