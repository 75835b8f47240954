import type { Database, Executor } from "./client";

type Work = () => void;
type Run<T> = (tx: Executor) => Promise<T>;
type Transaction = <T>(run: Run<T>, config?: unknown) => Promise<T>;

/** What each open transaction (or savepoint) will do once it is committed. */
const pending = new WeakMap<object, Work[]>();

/**
 * Runs `work` once what `executor` wrote is committed: after the outermost
 * transaction commits, never when it (or the savepoint `executor` belongs to) rolls
 * back. For what must only be said of committed data, such as a log line that a call
 * was settled. On the bare database, where each statement commits on its own, it
 * runs now. `work` must not throw: the transaction is committed whatever it does.
 */
export function afterCommit(executor: Executor, work: Work): void {
  const queue = pending.get(executor);
  if (queue) queue.push(work);
  else runAll([work]);
}

/** Gives every transaction of `db`, nested ones included, what `afterCommit` needs. Done once, when the database opens. */
export function supportAfterCommit(db: Database): Database {
  const target = db as unknown as { transaction: Transaction };
  const begin = target.transaction.bind(db);
  target.transaction = async (run, config) => {
    const queue: Work[] = [];
    const result = await begin(tracked(run, queue), config);
    runAll(queue);
    return result;
  };
  return db;
}

/** `run` with its transaction's queue registered; a savepoint's work joins its parent's only when the savepoint is released. */
function tracked<T>(run: Run<T>, queue: Work[]): Run<T> {
  return async (tx) => {
    pending.set(tx, queue);
    const nested = tx as unknown as { transaction: Transaction };
    const savepoint = nested.transaction.bind(tx);
    nested.transaction = async (inner, config) => {
      const own: Work[] = [];
      const result = await savepoint(tracked(inner, own), config);
      queue.push(...own);
      return result;
    };
    return run(tx);
  };
}

function runAll(queue: readonly Work[]): void {
  for (const work of queue) {
    try {
      work();
    } catch (error) {
      // The data is committed: the caller must see success. A failure here is a bug to report, not a rollback.
      process.emitWarning(error instanceof Error ? error : new Error(String(error)), "AfterCommitWarning");
    }
  }
}
