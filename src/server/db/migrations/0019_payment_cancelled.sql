-- A checkout the customer cancels is `cancelled`, no longer `failed` (which stays for a declined or
-- expired one). Payments recorded before the change as failed because the customer cancelled on the
-- local checkout (its one message, routes.ts CANCEL_MESSAGE) become cancelled.
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed', 'cancelled', 'refunded', 'partially_refunded'));--> statement-breakpoint
UPDATE "payments" SET "status" = 'cancelled' WHERE "status" = 'failed' AND "provider" = 'local' AND "failure_reason" = 'You cancelled the checkout.';
