/**
 * What start-up is doing while it does it. A first start creates the embedded
 * database and loads the seed data, which takes seconds; without a line per step
 * a person sees nothing between the build and "Dialwise is running" and wonders
 * whether it hangs.
 */
export interface StartupProgress {
  /** Says `what` is starting, runs it, then says it is done and how long it took. */
  step<T>(what: string, work: () => Promise<T>): Promise<T>;
}

/** Prints nothing (tests, and servers made by scripts). */
export const quietProgress: StartupProgress = { step: (_what, work) => work() };

/**
 * "Creating the embedded database…" then "Created the embedded database in 2.6 s.":
 * `what` is a present participle phrase ("Creating the embedded database") and `done` its past ("Created the embedded database").
 * In production each line is a JSON log entry (pino's shape), since every line there is JSON.
 */
export function printedProgress(options: { json: boolean; write?: (line: string) => void; now?: () => number }): StartupProgress {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const now = options.now ?? (() => performance.now());
  const say = (message: string) => write(options.json ? JSON.stringify({ level: 30, time: Date.now(), msg: message }) : message);
  return {
    async step(what, work) {
      const started = now();
      say(`${what}…`);
      const result = await work();
      say(`${pastTense(what)} in ${((now() - started) / 1000).toFixed(1)} s.`);
      return result;
    },
  };
}

// Our steps' verbs, each with its past tense: a step's two lines read as a person would write them.
const PAST: Record<string, string> = {
  Creating: "Created",
  Opening: "Opened",
  Connecting: "Connected",
  Loading: "Loaded",
  Starting: "Started",
  Waiting: "Waited",
  Building: "Built",
};

// A verb not listed still reads plainly ("Warming the caches: done"), and never stops a start that went well.
function pastTense(what: string): string {
  const [verb = "", ...rest] = what.split(" ");
  const past = PAST[verb];
  return past === undefined ? `${what}: done` : [past, ...rest].join(" ");
}

/** Whether `work` is still running: a step worth announcing, rather than one already done. */
export async function stillRunning(work: Promise<unknown>): Promise<boolean> {
  const settled = work.then(
    () => false,
    () => false,
  );
  // A macrotask later: a promise that had settled has run its callbacks by then.
  return Promise.race([settled, new Promise<boolean>((resolve) => setImmediate(() => resolve(true)))]);
}
