import { sql, type SQL } from "drizzle-orm";
import { userActivity } from "../../db/schema/activity";
import { session, user } from "../../db/schema/auth";

/**
 * When an account last used the app signed in: its activity stamp (activity-stamp.ts), or a session's
 * latest use, whichever is later (a sign-in since the last stamp, or an account not seen since the stamps
 * began). Null for an account never signed in.
 */
export const lastActive: SQL = sql`greatest(
  (select ${userActivity.lastActiveAt} from ${userActivity} where ${userActivity.userId} = ${user.id}),
  (select max(${session.updatedAt}) from ${session} where ${session.userId} = ${user.id}))`;

/** The same moment as ISO 8601 text, written by the database so both engines answer alike. */
export const lastActiveText = sql<string | null>`to_char(${lastActive} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
