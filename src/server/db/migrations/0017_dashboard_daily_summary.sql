CREATE TABLE "dashboard_daily_summary" (
	"day" date NOT NULL,
	"country_code" text NOT NULL,
	"status" text NOT NULL,
	"refusal_reason" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"billed_minutes" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(18, 4) DEFAULT '0' NOT NULL,
	"carrier_cost" numeric(18, 4) DEFAULT '0' NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rated_calls" integer DEFAULT 0 NOT NULL,
	"measured_calls" integer DEFAULT 0 NOT NULL,
	"good_calls" integer DEFAULT 0 NOT NULL,
	"fair_calls" integer DEFAULT 0 NOT NULL,
	"poor_calls" integer DEFAULT 0 NOT NULL,
	"rtt_sum" numeric DEFAULT '0' NOT NULL,
	"rtt_calls" integer DEFAULT 0 NOT NULL,
	"jitter_sum" numeric DEFAULT '0' NOT NULL,
	"jitter_calls" integer DEFAULT 0 NOT NULL,
	"packet_loss_sum" numeric DEFAULT '0' NOT NULL,
	"packet_loss_calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_daily_summary_pkey" PRIMARY KEY("day","country_code","status","refusal_reason")
);
--> statement-breakpoint
CREATE INDEX "call_logs_placed_by_day_idx" ON "call_logs" USING btree ("started_at","user_id") WHERE "call_logs"."direction" = 'outbound' and "call_logs"."refusal_reason" is null;--> statement-breakpoint
CREATE INDEX "call_logs_credited_at_idx" ON "call_logs" USING btree ("credited_at") WHERE "call_logs"."credited_at" is not null;--> statement-breakpoint
-- The ended outgoing calls already logged, summed per UTC day they started on, destination, status and refusal reason
-- (decision 043): the same sums as the settlement's upsert (admin/dashboard/daily-summary.ts), with the quality limits of
-- shared/calls/quality-grade.ts as they are today. Calls still live are left to the settlement.
INSERT INTO "dashboard_daily_summary"
SELECT day, country_code, status, refusal_reason,
       count(*)::int,
       (count(*) filter (where answered_at is not null))::int,
       coalesce(sum(billed_minutes), 0)::int,
       coalesce(sum(cost_usd), 0)::numeric,
       coalesce(sum(round(billed_minutes * carrier_rate, 4)), 0)::numeric,
       coalesce(sum(quality_rating), 0)::int,
       count(quality_rating)::int,
       count(grade)::int,
       (count(*) filter (where grade = 0))::int,
       (count(*) filter (where grade = 1))::int,
       (count(*) filter (where grade = 2))::int,
       coalesce(sum(rtt), 0)::numeric, count(rtt)::int,
       coalesce(sum(jitter), 0)::numeric, count(jitter)::int,
       coalesce(sum(loss), 0)::numeric, count(loss)::int
FROM (
  SELECT (started_at at time zone 'UTC')::date AS day, country_code, status, coalesce(refusal_reason, '') AS refusal_reason,
         answered_at, billed_minutes, cost_usd, carrier_rate, quality_rating,
         (quality ->> 'rttMs')::numeric AS rtt, (quality ->> 'jitterMs')::numeric AS jitter, (quality ->> 'packetLoss')::numeric AS loss,
         greatest(
           case when (quality ->> 'rttMs')::float8 is null then null when (quality ->> 'rttMs')::float8 <= 300 then 0 when (quality ->> 'rttMs')::float8 > 500 then 2 else 1 end,
           case when (quality ->> 'jitterMs')::float8 is null then null when (quality ->> 'jitterMs')::float8 <= 30 then 0 when (quality ->> 'jitterMs')::float8 > 50 then 2 else 1 end,
           case when (quality ->> 'packetLoss')::float8 is null then null when (quality ->> 'packetLoss')::float8 <= 0.01 then 0 when (quality ->> 'packetLoss')::float8 > 0.05 then 2 else 1 end,
           case when (quality ->> 'mos')::float8 is null then null when (quality ->> 'mos')::float8 >= 4 then 0 when (quality ->> 'mos')::float8 < 3.5 then 2 else 1 end
         ) AS grade
  FROM "call_logs"
  WHERE direction = 'outbound' AND status IN ('completed', 'busy', 'declined', 'no-answer', 'failed', 'canceled')
) ended
GROUP BY day, country_code, status, refusal_reason;
