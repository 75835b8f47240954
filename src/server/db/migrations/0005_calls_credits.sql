CREATE TABLE "call_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"call_sid" text NOT NULL,
	"direction" text NOT NULL,
	"to_number" text NOT NULL,
	"from_number" text,
	"country_code" text DEFAULT '' NOT NULL,
	"rate_per_min" numeric(14, 4) DEFAULT '0' NOT NULL,
	"carrier_rate" numeric(14, 5),
	"rate_prefix" text,
	"margin_bp" integer,
	"time_limit_seconds" integer DEFAULT 0 NOT NULL,
	"carrier" text NOT NULL,
	"status" text NOT NULL,
	"refusal_reason" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"billed_minutes" integer DEFAULT 0 NOT NULL,
	"cost_usd" numeric(14, 4) DEFAULT '0' NOT NULL,
	"cost_calculated_by" text DEFAULT 'server' NOT NULL,
	"quality_rating" smallint,
	"quality" jsonb,
	CONSTRAINT "call_logs_call_sid_unique" UNIQUE("call_sid"),
	CONSTRAINT "call_logs_direction_check" CHECK ("call_logs"."direction" in ('outbound', 'inbound')),
	CONSTRAINT "call_logs_status_check" CHECK ("call_logs"."status" in ('initiated', 'ringing', 'answered', 'completed', 'busy', 'no-answer', 'failed', 'canceled')),
	CONSTRAINT "call_logs_quality_rating_check" CHECK ("call_logs"."quality_rating" is null or "call_logs"."quality_rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "call_status_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"call_sid" text NOT NULL,
	"status" text NOT NULL,
	"talk_duration_seconds" integer,
	"to_number" text,
	"user_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_balances" (
	"user_id" text PRIMARY KEY NOT NULL,
	"balance" numeric(14, 4) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"amount" numeric(14, 4) NOT NULL,
	"balance_after" numeric(14, 4) NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('call', 'admin_adjustment', 'purchase', 'bonus', 'refund'))
);
--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_status_updates" ADD CONSTRAINT "call_status_updates_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_logs_one_live_call_idx" ON "call_logs" USING btree ("user_id") WHERE "call_logs"."direction" = 'outbound' and "call_logs"."status" in ('initiated', 'ringing', 'answered');--> statement-breakpoint
CREATE INDEX "call_logs_user_id_started_at_idx" ON "call_logs" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "call_logs_live_idx" ON "call_logs" USING btree ("started_at") WHERE "call_logs"."status" in ('initiated', 'ringing', 'answered');--> statement-breakpoint
CREATE INDEX "call_status_updates_call_sid_idx" ON "call_status_updates" USING btree ("call_sid","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_kind_reference_idx" ON "ledger_entries" USING btree ("kind","reference");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_id_created_at_idx" ON "ledger_entries" USING btree ("user_id","created_at");