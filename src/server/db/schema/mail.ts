import { bigserial, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** The local mail provider's outbox: every message it "sends" is kept here (and its links logged). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** What the message is for: "verify_email", "reset_password", … */
    kind: text("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("mail_outbox_to_idx").on(table.toAddress, table.id)],
);
