import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * When each account last used the app signed in: stamped by a signed-in request at most once per
 * few minutes per instance (modules/accounts/activity-stamp.ts). The back office's "Last active"
 * reads it. better-auth's session rows could not say it: a session is touched at most once a day
 * and is gone once signed out.
 */
export const userActivity = pgTable(
  "user_activity",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("user_activity_last_active_idx").on(table.lastActiveAt)],
);
