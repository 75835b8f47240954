CREATE TABLE "spending_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"daily_limit_usd" numeric(14, 4),
	"low_balance_alert_usd" numeric(14, 4),
	"low_balance_alerted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spending_settings_daily_limit_check" CHECK ("spending_settings"."daily_limit_usd" is null or "spending_settings"."daily_limit_usd" > 0),
	CONSTRAINT "spending_settings_low_balance_check" CHECK ("spending_settings"."low_balance_alert_usd" is null or "spending_settings"."low_balance_alert_usd" > 0)
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "spending_settings" ADD CONSTRAINT "spending_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;