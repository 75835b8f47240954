import { eq, sql, type SQL } from "drizzle-orm";
import { MOS_LIMITS, QUALITY_LIMITS } from "../../../../shared/calls/quality-grade";
import { callLogs } from "../../../db/schema/calls";

/**
 * What the dashboard's call figures count, in SQL over call_logs, shared by the raw queries and the
 * daily summary's sums (decisions 038, 043). Only outgoing calls count: incoming ones are
 * never charged. A call belongs to the UTC day it started on, as in the history and the
 * calls page. "Placed" is a call the gate let through (a refusal never rang anyone); a
 * customer is active when they placed one; the answer rate is answered over placed.
 */
export const outgoing = eq(callLogs.direction, "outbound");
export const placed = sql`${callLogs.refusalReason} is null`;
export const answered = sql`${callLogs.answeredAt} is not null`;

/** 0 good, 1 fair, 2 poor for one measured figure; null when the device did not measure it. */
function rank(field: "rttMs" | "jitterMs" | "packetLoss"): SQL {
  const value = sql`(${callLogs.quality} ->> ${sql.raw(`'${field}'`)})::float8`;
  const limit = QUALITY_LIMITS[field];
  return sql`case when ${value} is null then null when ${value} <= ${sql.raw(String(limit.good))} then 0 when ${value} > ${sql.raw(String(limit.poor))} then 2 else 1 end`;
}
const mos = sql`(${callLogs.quality} ->> 'mos')::float8`;
const mosRank = sql`case when ${mos} is null then null when ${mos} >= ${sql.raw(String(MOS_LIMITS.good))} then 0 when ${mos} < ${sql.raw(String(MOS_LIMITS.poor))} then 2 else 1 end`;
/** A call's grade is its worst measured figure, as qualityGrade() says; greatest() skips the nulls. */
export const grade = sql`greatest(${rank("rttMs")}, ${rank("jitterMs")}, ${rank("packetLoss")}, ${mosRank})`;
export const measured = (field: string) => sql`(${callLogs.quality} ->> ${sql.raw(`'${field}'`)})::float8`;

