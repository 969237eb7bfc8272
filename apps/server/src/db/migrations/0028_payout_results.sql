-- Payout files (代发): a batch is sent to the bank as its batch-payment file, each line (one person
-- and card) gets the bank's outcome, failed lines go back to 待发放; the batch closes when every
-- line is settled. Batches made before this were counted paid at once: closed, their lines paid.
ALTER TABLE "payout_batches" ADD COLUMN "state" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "lines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "paid_lines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "failed_lines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "line_no" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "outcome" text DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "bank_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payouts_line_idx" ON "payouts" USING btree ("batch_id","line_no");--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_state_check" CHECK ("state" IN ('sent', 'closed'));--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_lines_check" CHECK ("payout_batches"."paid_lines" >= 0 AND "payout_batches"."failed_lines" >= 0 AND "payout_batches"."paid_lines" + "payout_batches"."failed_lines" <= "payout_batches"."lines");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_outcome_check" CHECK ("outcome" IN ('sent', 'paid', 'failed'));--> statement-breakpoint
UPDATE "payouts" SET "outcome" = 'paid', "settled_at" = "created_at";--> statement-breakpoint
UPDATE "payout_batches" SET "state" = 'closed', "closed_at" = "created_at";