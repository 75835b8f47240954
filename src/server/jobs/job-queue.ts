import type { Executor } from "../db/client";

/**
 * Background work, durable in the database: a job is enqueued in the same
 * transaction as the change that needs it, run at least once by whichever
 * server instance takes it first, retried with backoff, and dead-lettered
 * (kept for an administrator to see and retry) when it keeps failing.
 * Handlers must be idempotent: a job can run again after a crash or a stop.
 *
 * This is our interface; pg-boss sits behind it (pg-boss-queue.ts and its helpers here, decisions 009 and 033),
 * and nothing else imports pg-boss.
 */

/** A kind of job and the shape of its data, declared once and shared by whoever enqueues and whoever runs it. */
export interface JobType<Data extends object> {
  readonly queue: string;
  /** Carries the data type only; never set. */
  readonly data?: Data;
}

export function defineJob<Data extends object>(queue: string): JobType<Data> {
  if (!/^[a-z][a-z0-9-]*$/.test(queue)) throw new Error(`job queue names are lower-case words joined by hyphens: ${queue}`);
  return { queue };
}

/** How a failing job is tried again: `retries` more times, waiting `delaySeconds`, then about twice as long each time, at most `maxDelaySeconds`. */
export interface RetryPolicy {
  retries: number;
  delaySeconds: number;
  maxDelaySeconds: number;
}

export interface JobContext {
  id: string;
  /** 1 for the first run, 2 for the first retry, … */
  attempt: number;
  /** Aborted when the queue stops before the job has finished. */
  signal: AbortSignal;
}

export interface JobHandler<Data extends object> {
  retry: RetryPolicy;
  /** How long one run may take before it counts as failed (and is retried, perhaps elsewhere). */
  timeoutSeconds: number;
  /** One line an administrator reads in the list of failed jobs; no secrets (no links with tokens). */
  describe(data: Data): string;
  run(data: Data, context: JobContext): Promise<void>;
}

/** A failure no retry can fix (a refused address, a row that no longer exists): the job is dead-lettered at once. */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

export interface EnqueueOptions {
  /** Run no sooner than this many seconds from now. */
  delaySeconds?: number;
}

/** At most one job of a kind (and key) per slot of `perSeconds` on the database's clock, whichever instance asks first. */
export interface OnceOptions {
  perSeconds: number;
  /** Separates jobs of one kind (a call's sid): one per key per slot. */
  key?: string;
}

export interface JobQueue {
  /** Registers what runs a kind of job. Every instance registers every handler before start(). */
  handle<Data extends object>(type: JobType<Data>, handler: JobHandler<Data>): void;
  /** Creates the queues (and the queue's own tables on a fresh database) and starts the workers. */
  start(): Promise<void>;
  /**
   * Adds a job through `executor`: inside a transaction, the job exists only if the
   * transaction commits. The kind must have a handler (so its queue exists).
   */
  enqueue<Data extends object>(executor: Executor, type: JobType<Data>, data: Data, options?: EnqueueOptions): Promise<string>;
  /**
   * Adds a job unless one of the same kind and key was already added in this slot (by any
   * instance, whatever became of it): periodic work that every instance asks for runs once
   * per deployment. The job's id, or null when the slot was taken.
   */
  enqueueOnce<Data extends object>(executor: Executor, type: JobType<Data>, data: Data, options: OnceOptions): Promise<string | null>;
  /** The administrator's view and actions (dead letters, retries). */
  readonly admin: JobAdmin;
  /** Stops taking jobs and waits briefly for those in flight; unfinished ones are retried later. */
  stop(): Promise<void>;
}

export type JobProblemState = "retrying" | "dead";

export interface JobProblem {
  id: string;
  queue: string;
  state: JobProblemState;
  summary: string;
  /** Runs so far, the failed ones included. */
  attempts: number;
  /** Retries the queue allows after the first run. */
  retries: number;
  lastError: string | null;
  enqueuedAt: Date;
  /** When it failed for good (dead), or when it failed last (retrying). */
  failedAt: Date | null;
  /** Retrying only: when the next run is due. */
  nextAttemptAt: Date | null;
}

export interface QueueCounts {
  queue: string;
  waiting: number;
  running: number;
  retrying: number;
  dead: number;
  completedLastDay: number;
}

export interface JobAdmin {
  problems(options: { limit: number }): Promise<JobProblem[]>;
  counts(): Promise<QueueCounts[]>;
  /** Puts a dead job back on its queue, in `executor`'s transaction; false when no such dead job exists. */
  retryDead(executor: Executor, id: string): Promise<{ retried: false } | { retried: true; problem: JobProblem }>;
}
