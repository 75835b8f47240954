import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PRICE_SIMULATOR_ID } from "../../../lib/anchors";
import { useRatesLink } from "./use-rates-link";

function RatesButton() {
  return (
    <button type="button" onClick={useRatesLink()}>
      Rates
    </button>
  );
}

function Home() {
  return (
    <>
      <RatesButton />
      <h2 id={PRICE_SIMULATOR_ID}>Price simulator</h2>
    </>
  );
}

function open(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/:lang", element: <Home /> },
      { path: "/:lang/*", element: <RatesButton /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const motion = (reduce: boolean) =>
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: reduce && query.includes("reduce"), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));

const original = HTMLElement.prototype.scrollIntoView;
function spyOnScroll() {
  const scroll = vi.fn<(this: HTMLElement, options?: ScrollIntoViewOptions) => void>();
  HTMLElement.prototype.scrollIntoView = scroll;
  return scroll;
}

describe("useRatesLink", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    HTMLElement.prototype.scrollIntoView = original;
  });

  it("scrolls smoothly to the simulator on home", async () => {
    motion(false);
    const scroll = spyOnScroll();
    open("/en");
    fireEvent.click(screen.getByRole("button", { name: "Rates" }));
    await waitFor(() => expect(scroll).toHaveBeenCalledWith({ behavior: "smooth", block: "start" }));
    expect(scroll.mock.contexts[0]).toBe(document.getElementById(PRICE_SIMULATOR_ID));
  });

  it("jumps without animation when the reader asks for reduced motion", async () => {
    motion(true);
    const scroll = spyOnScroll();
    open("/en");
    fireEvent.click(screen.getByRole("button", { name: "Rates" }));
    await waitFor(() => expect(scroll).toHaveBeenCalledWith({ behavior: "auto", block: "start" }));
  });

  it("goes home from another page, then scrolls there", async () => {
    motion(false);
    const scroll = spyOnScroll();
    const router = open("/sv/faq");
    fireEvent.click(screen.getByRole("button", { name: "Rates" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/sv"));
    expect(scroll).not.toHaveBeenCalled();
    await waitFor(() => expect(scroll).toHaveBeenCalledWith({ behavior: "smooth", block: "start" }));
  });
});
