CREATE TABLE "user_activity" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_activity" ADD CONSTRAINT "user_activity_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_activity_last_active_idx" ON "user_activity" USING btree ("last_active_at");--> statement-breakpoint
-- What the sessions still say, until the accounts are next used.
INSERT INTO "user_activity" ("user_id", "last_active_at") SELECT "user_id", max("updated_at") FROM "session" GROUP BY "user_id";