CREATE TABLE "account_emails" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"bound_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"person_id" integer PRIMARY KEY NOT NULL,
	"cert_start" date NOT NULL,
	"cert_end" date,
	"registered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_key" text NOT NULL,
	"visibility" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"publisher" text NOT NULL,
	"status" text NOT NULL,
	"published_at" timestamp with time zone,
	"attachment_ids" uuid[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"subject" text,
	"content" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"delivered" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"unit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"phone" text NOT NULL,
	"authorization_file_id" uuid,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text
);
--> statement-breakpoint
CREATE TABLE "unit_profiles" (
	"unit_id" integer PRIMARY KEY NOT NULL,
	"emp_no" text,
	"bizreglic" text,
	"tax_reg_no" text,
	"emp_type" text,
	"legent_tel" text,
	"legent_cert_type" text,
	"legent_cert_no" text,
	"contact_name" text,
	"staff_count" integer,
	"postal_code" text,
	"email" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_kind","owner_key","created_at");--> statement-breakpoint
CREATE INDEX "notices_list_idx" ON "notices" USING btree ("kind","status","published_at");--> statement-breakpoint
CREATE INDEX "outbox_target_idx" ON "outbox" USING btree ("target","id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_unit_key" ON "registrations" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "registrations_status_idx" ON "registrations" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "verification_codes_target_idx" ON "verification_codes" USING btree ("channel","target","created_at");