CREATE TABLE "local_carrier_calls" (
	"call_sid" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"direction" text NOT NULL,
	"remote_number" text NOT NULL,
	"phase" text NOT NULL,
	"final_status" text,
	"talk_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_carrier_calls_phase_check" CHECK ("local_carrier_calls"."phase" in ('incoming', 'ringing', 'answered', 'ended')),
	CONSTRAINT "local_carrier_calls_direction_check" CHECK ("local_carrier_calls"."direction" in ('outbound', 'inbound'))
);
--> statement-breakpoint
ALTER TABLE "local_carrier_calls" ADD CONSTRAINT "local_carrier_calls_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_carrier_calls_user_id_idx" ON "local_carrier_calls" USING btree ("user_id","created_at");