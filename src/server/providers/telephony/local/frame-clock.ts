/**
 * Calls `onFrame` once per frame period, by the clock rather than by counting
 * timer ticks: each wake-up sends every frame that is due since the start, so a
 * late timer never makes the stream drift. After a long stall (the process was
 * busy for more than `maxBurst` frames) the missed frames are skipped, not sent in
 * a burst the receiver would only have to drop; `onFrame` learns the frame's index,
 * so its timestamp still tells the receiver how much time passed.
 */
export interface FrameClockOptions {
  frameMs: number;
  onFrame(index: number): void;
  now?: () => number;
  maxBurst?: number;
}

export interface FrameClock {
  stop(): void;
}

export function startFrameClock({ frameMs, onFrame, now = () => performance.now(), maxBurst = 5 }: FrameClockOptions): FrameClock {
  const startedAt = now();
  let next = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const tick = () => {
    if (stopped) return;
    const due = Math.floor((now() - startedAt) / frameMs) + 1;
    if (due - next > maxBurst) next = due - 1;
    while (next < due && !stopped) {
      onFrame(next);
      next += 1;
    }
    if (stopped) return;
    timer = setTimeout(tick, Math.max(0, startedAt + next * frameMs - now()));
  };
  tick();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
