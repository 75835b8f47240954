import { act, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";

/** Each test starts with sonner not yet loaded: fresh copies of the modules that hold that state. */
async function freshModules() {
  vi.resetModules();
  // A fresh copy of the app's i18next, without the English the test setup gave the first one.
  const { i18n } = await import("./i18n/i18n");
  const { loadEnglish } = await import("../test/load-english");
  loadEnglish(i18n);
  const { notify, useLoadedSonner } = await import("./notify");
  const { AppToaster } = await import("../app/toaster");
  return { notify, useLoadedSonner, AppToaster };
}

describe("notify", () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it("names the notifications region before sonner is there, then shows the first notification in it", async () => {
    const { notify, useLoadedSonner, AppToaster } = await freshModules();
    const seen: boolean[] = [];
    function Probe() {
      seen.push(useLoadedSonner() !== null);
      return null;
    }
    render(
      <>
        <Probe />
        <AppToaster />
      </>,
    );
    // The region sonner renders with no toast, in place before sonner is.
    expect(screen.getByRole("region", { name: "Notifications (Alt+T)" }).getAttribute("aria-live")).toBe("polite");
    expect(seen).toEqual([false]);

    act(() => notify.success("Saved"));
    expect(await screen.findByText("Saved")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Notifications (Alt+T)" })).toBeTruthy();
    expect(seen.at(-1)).toBe(true);
  });

  it("keeps what was asked for before a toaster is on the page and shows it once one is", async () => {
    const { notify, AppToaster } = await freshModules();
    notify.error("Call failed", { description: "Try again" });
    await vi.dynamicImportSettled();
    expect(screen.queryByText("Call failed")).toBeNull();

    render(<AppToaster />);
    expect(await screen.findByText("Call failed")).toBeTruthy();
    expect(screen.getByText("Try again")).toBeTruthy();
    expect(screen.getByText("Call failed").closest("[data-sonner-toast]")?.getAttribute("data-type")).toBe("error");
  });

  it("shows later notifications through the loaded toaster, warnings with their look", async () => {
    const { notify, AppToaster } = await freshModules();
    render(<AppToaster />);
    act(() => notify.warning("Balance spent"));
    const first = await screen.findByText("Balance spent");
    expect(first.closest("[data-sonner-toast]")?.getAttribute("data-type")).toBe("warning");

    act(() => notify("Plain note"));
    expect(await screen.findByText("Plain note")).toBeTruthy();
  });

  it("fetches sonner when the browser is idle, with no notification asked for", async () => {
    const { useLoadedSonner, AppToaster } = await freshModules();
    let loaded = false;
    function Probe() {
      loaded = useLoadedSonner() !== null;
      return null;
    }
    render(
      <>
        <Probe />
        <AppToaster />
      </>,
    );
    expect(loaded).toBe(false);
    await waitFor(() => expect(loaded).toBe(true), { timeout: 5000 });
    expect(screen.getByRole("region", { name: "Notifications (Alt+T)" })).toBeTruthy();
  });
});
