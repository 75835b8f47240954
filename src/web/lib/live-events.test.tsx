import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BALANCE_QUERY_KEY, onLiveEvent, reopenDelayMs, useLiveEvents } from "./live-events";

class FakeEventSource extends EventTarget {
  closed = false;
  readyState = 1;
  constructor(readonly url: string) {
    super();
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data: unknown, lastEventId = "") {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
  }
  /** A dropped connection: the browser reconnects this same source by itself. */
  drop() {
    this.readyState = 0;
    this.dispatchEvent(new Event("error"));
  }
  /** An answer that is not a stream (429, 503): the browser gives up on this source. */
  refuse() {
    this.readyState = 2;
    this.dispatchEvent(new Event("error"));
  }
}

function Probe({ enabled, source }: { enabled: boolean; source: (url: string) => EventSource }) {
  useLiveEvents(enabled, source);
  return null;
}

describe("useLiveEvents", () => {
  afterEach(() => vi.useRealTimers());

  function setup(enabled: boolean) {
    const queryClient = new QueryClient();
    const created: FakeEventSource[] = [];
    const source = (url: string) => {
      const fake = new FakeEventSource(url);
      created.push(fake);
      return fake as unknown as EventSource;
    };
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const view = render(<Probe enabled={enabled} source={source} />, { wrapper });
    return { queryClient, created, view };
  }

  it("opens no stream for a visitor", () => {
    expect(setup(false).created).toHaveLength(0);
  });

  it("applies an event to the query cache and closes the stream on unmount", () => {
    const { queryClient, created, view } = setup(true);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    expect(created[0]?.url).toBe("/api/events");
    created[0]?.emit("cache.invalidate", { queryKey: ["balance"] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["balance"] });
    view.unmount();
    expect(created[0]?.closed).toBe(true);
  });

  it("spreads a re-read announced to every page over the time the server gives", () => {
    vi.useFakeTimers();
    const random = vi.spyOn(Math, "random").mockReturnValue(0.5);
    const { queryClient, created } = setup(true);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    created[0]?.emit("cache.invalidate", { queryKey: ["rates"], spreadMs: 2000 });
    vi.advanceTimersByTime(999);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["rates"] });
    random.mockRestore();
  });

  it("writes a pushed balance into the cache and tells listeners of each call event until they stop", () => {
    const { queryClient, created } = setup(true);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    created[0]?.emit("balance", { balance: "4.9734" });
    expect(queryClient.getQueryData(BALANCE_QUERY_KEY)).toEqual({ balance: "4.9734" });
    // Money moved: the customer's payments list and any open receipt are read again.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["payments", "list"] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["payments", "detail"] });
    const heard: string[] = [];
    const stop = onLiveEvent("call.status", (data) => heard.push(data.status));
    const status = { callSid: "CA1", talkDurationSeconds: 0, toNumber: "+441", ratePerMin: "0.0266", timeLimitSeconds: 60, costUsd: null, reason: null };
    created[0]?.emit("call.status", { ...status, status: "ringing" });
    stop();
    created[0]?.emit("call.status", { ...status, status: "answered" });
    expect(heard).toEqual(["ringing"]);
  });

  it("reads prices and the dashboard again when a stream opens again, since announcements are not replayed", () => {
    const { queryClient, created } = setup(true);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    created[0]?.dispatchEvent(new Event("open"));
    expect(invalidate).not.toHaveBeenCalled();
    created[0]?.drop();
    created[0]?.dispatchEvent(new Event("open"));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["rates"] }, { cancelRefetch: false });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["admin", "dashboard"] }, { cancelRefetch: false });
  });

  it("leaves a dropped connection to the browser's own reconnect", () => {
    vi.useFakeTimers();
    const { created } = setup(true);
    created[0]?.drop();
    vi.advanceTimersByTime(120_000);
    expect(created).toHaveLength(1);
  });

  it("opens a new stream after the browser gave up on one, from the last event it had", () => {
    vi.useFakeTimers();
    const random = vi.spyOn(Math, "random").mockReturnValue(1);
    const { created, view } = setup(true);
    created[0]?.emit("cache.invalidate", { queryKey: ["balance"] }, "41");
    created[0]?.refuse();
    expect(created[0]?.closed).toBe(true);
    vi.advanceTimersByTime(reopenDelayMs(0, () => 1) - 1);
    expect(created).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(created[1]?.url).toBe("/api/events?lastEventId=41");

    // Refused again: it waits longer before the next try.
    created[1]?.refuse();
    vi.advanceTimersByTime(reopenDelayMs(1, () => 1) - 1);
    expect(created).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(created).toHaveLength(3);
    view.unmount();
    expect(created[2]?.closed).toBe(true);
    random.mockRestore();
  });

  it("waits longer after each refusal, up to a minute", () => {
    expect([0, 1, 2, 3, 4].map((failures) => reopenDelayMs(failures, () => 1))).toEqual([5_000, 10_000, 20_000, 40_000, 60_000]);
    expect(reopenDelayMs(50, () => 0)).toBe(30_000);
  });
});
