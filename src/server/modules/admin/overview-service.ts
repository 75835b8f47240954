import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { user } from "../../db/schema/auth";

/** Account counts for the dashboard, in one pass over the user table. */
export async function accountCounts(db: Executor, now = new Date()) {
  const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      verified: sql<number>`count(*) filter (where ${user.emailVerified})::int`,
      admins: sql<number>`count(*) filter (where ${user.role} = 'admin')::int`,
      newLast7Days: sql<number>`count(*) filter (where ${user.createdAt} >= ${weekAgo.toISOString()}::timestamptz)::int`,
    })
    .from(user);
  return row ?? { total: 0, verified: 0, admins: 0, newLast7Days: 0 };
}
