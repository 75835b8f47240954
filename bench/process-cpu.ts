import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

let ticksPerSecond: number | null | undefined;

/**
 * CPU seconds (user + system) a process has used so far, from /proc on Linux;
 * null elsewhere. The load generator shares the machine's cores with the server,
 * so requests per second move with whatever else runs; the server's own CPU time
 * per request does not.
 */
export function processCpuSeconds(pid: number): number | null {
  try {
    ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    // Fields after the command name (which may hold spaces) start at "state"; utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    ticksPerSecond = null;
    return null;
  }
}
