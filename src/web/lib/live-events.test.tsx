import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { useLiveEvents } from "./live-events";

class FakeEventSource extends EventTarget {
  closed = false;
  constructor(readonly url: string) {
    super();
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

function Probe({ enabled, source }: { enabled: boolean; source: (url: string) => EventSource }) {
  useLiveEvents(enabled, source);
  return null;
}

describe("useLiveEvents", () => {
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
});
