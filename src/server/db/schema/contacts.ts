import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/**
 * A customer's address book: a name and a number the gate would accept when it was saved.
 * The number is kept in E.164 form with the region it belongs to, so the same number
 * typed two ways ("070-123 45 67" in Sweden, "+46 70 123 45 67") is one contact.
 */
export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Plain text (src/shared/text/plain-text.ts), at most DISPLAY_NAME_MAX_LENGTH characters. */
    name: text("name").notNull(),
    /** E.164: "+46701234567". */
    phone: text("phone").notNull(),
    /** ISO 3166-1 alpha-2 of the number's region (the rate row's code for non-geographic numbers). */
    countryCode: text("country_code").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("contacts_user_phone_idx").on(table.userId, table.phone), index("contacts_user_name_idx").on(table.userId, table.name)],
);
