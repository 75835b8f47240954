/**
 * A server-sent-events client for tests: opens /api/events over real HTTP and
 * records what arrives, so a test waits for what it expects instead of sleeping.
 */
export interface ReceivedEvent {
  id: number;
  event: string;
  data: unknown;
}

export interface EventStreamClient {
  status: number;
  /** The refusal's JSON body, when status is not 200. */
  error: { code: string; message: string } | null;
  headers: Headers;
  /** Everything received so far, in order. */
  received: ReceivedEvent[];
  /**
   * Resolves when the server's first line (retry:) arrived: the server sends it
   * once the stream listens, so an event published from then on reaches it.
   */
  subscribed: Promise<void>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** Resolves when the server ended the stream; rejects if it is still open after `deadlineMs`. */
  waitForEnd(deadlineMs?: number): Promise<void>;
  /** Waits until `count` events arrived in all, and returns them all. */
  waitFor(count: number, deadlineMs?: number): Promise<ReceivedEvent[]>;
  close(): void;
}

export async function openEventStream(base: string, cookie: string, options: { lastEventId?: number } = {}): Promise<EventStreamClient> {
  const controller = new AbortController();
  const headers: Record<string, string> = { cookie };
  if (options.lastEventId !== undefined) headers["last-event-id"] = String(options.lastEventId);
  const response = await fetch(`${base}/api/events`, { headers, signal: controller.signal });
  const received: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };

  if (response.status !== 200) {
    const body = (await response.json()) as { error: { code: string; message: string } };
    const refused = Promise.reject(new Error(`refused with ${response.status}`));
    // Rejected only for a test that waits on it.
    refused.catch(() => undefined);
    return {
      status: response.status,
      error: body.error,
      headers: response.headers,
      received,
      subscribed: refused,
      ended: Promise.resolve(),
      waitForEnd: () => Promise.resolve(),
      waitFor: () => refused,
      close: () => undefined,
    };
  }

  let markSubscribed: () => void = () => undefined;
  const subscribed = new Promise<void>((resolve) => (markSubscribed = resolve));
  let ended = false;
  const reading = (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) continue;
            const colon = line.indexOf(":");
            fields.set(line.slice(0, colon), line.slice(colon + 1).replace(/^ /, ""));
          }
          if (fields.has("retry")) markSubscribed();
          const event = fields.get("event");
          if (event !== undefined) {
            received.push({ id: Number(fields.get("id")), event, data: JSON.parse(fields.get("data") ?? "null") });
            notify();
          }
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    } finally {
      ended = true;
      notify();
    }
  })();

  return {
    status: response.status,
    error: null,
    headers: response.headers,
    received,
    subscribed,
    ended: reading,
    waitForEnd(deadlineMs = 10_000) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the stream is still open after ${deadlineMs} ms: ${JSON.stringify(received)}`)), deadlineMs);
      });
      return Promise.race([reading, deadline]).finally(() => clearTimeout(timer));
    },
    waitFor(count, deadlineMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length >= count) {
            finish();
            resolve([...received]);
          } else if (ended) {
            finish();
            reject(new Error(`the stream ended after ${received.length} of ${count} events: ${JSON.stringify(received)}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`${received.length} of ${count} events arrived: ${JSON.stringify(received)}`));
        }, deadlineMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}
