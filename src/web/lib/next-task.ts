interface TaskScheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task, so the browser can paint and answer a tap in between.
 * Start-up (strings, cache, router, hydration) is several pieces of work; run back
 * to back they make one long task that blocks a slow phone's main thread, which is
 * what Lighthouse's blocking time counts. `scheduler.yield()` resumes ahead of other
 * queued tasks where the browser has it; elsewhere a zero-delay timer does.
 */
export function nextTask(scheduler: TaskScheduler | undefined = (globalThis as { scheduler?: TaskScheduler }).scheduler): Promise<void> {
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
