ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "carrier_quality" jsonb;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "credit_usd" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "credit_reason" text;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "credit_note" text;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "credited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "local_carrier_calls" ADD COLUMN "media_quality" jsonb;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_credit_check" CHECK ("call_logs"."credit_usd" is null or ("call_logs"."credit_usd" > 0 and "call_logs"."credit_usd" <= "call_logs"."cost_usd" and "call_logs"."credit_reason" in ('manual', 'short_call', 'poor_quality')));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('call', 'admin_adjustment', 'purchase', 'bonus', 'refund', 'dispute', 'dispute_reversal', 'call_credit'));