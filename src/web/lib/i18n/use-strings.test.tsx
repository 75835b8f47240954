import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "./i18n";
import { useStrings } from "./use-strings";

function Probe() {
  return <p data-testid="ready">{String(useStrings(["probe_a.", "probe_b."]))}</p>;
}

function renderAt(path: string) {
  render(<RouterProvider router={createMemoryRouter([{ path: "/:lang/*", element: <Probe /> }], { initialEntries: [path] })} />);
}

describe("useStrings", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is ready at once in English, which ships with the app", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderAt("/en/x");
    expect(screen.getByTestId("ready").textContent).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("loads only the missing prefixes of another language, once", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ language: "sv", strings: { "probe_a.one": "ett", "probe_b.two": "två" } }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    renderAt("/sv/x");
    expect(screen.getByTestId("ready").textContent).toBe("false");
    await vi.waitFor(() => expect(screen.getByTestId("ready").textContent).toBe("true"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe("/api/i18n/sv?prefixes=probe_a.%2Cprobe_b.");
    expect(i18n.getResource("sv", "translation", "probe_b.two")).toBe("två");
    renderAt("/sv/y");
    expect(screen.getAllByTestId("ready").map((node) => node.textContent)).toEqual(["true", "true"]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
