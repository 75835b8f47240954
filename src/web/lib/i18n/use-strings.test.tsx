import { render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "./i18n";
import { useStrings } from "./use-strings";

function Probe({ prefixes }: { prefixes: string[] }) {
  return <p data-testid="ready">{String(useStrings(prefixes))}</p>;
}

function renderAt(path: string, prefixes: string[]) {
  render(<RouterProvider router={createMemoryRouter([{ path: "/:lang/*", element: <Probe prefixes={prefixes} /> }], { initialEntries: [path] })} />);
}

/** The translations API, answering each language with its own words for the probe keys under the prefixes asked. */
function stubStrings() {
  const words: Record<string, Record<string, string>> = {
    sv: { "probe_a.one": "ett", "probe_b.two": "två" },
    en: { "probe_a.one": "one", "probe_b.two": "two", "probe_c.three": "three" },
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    const language = url.pathname.split("/").pop() ?? "";
    const prefixes = (url.searchParams.get("prefixes") ?? "").split(",");
    const strings = Object.fromEntries(Object.entries(words[language] ?? {}).filter(([key]) => prefixes.some((prefix) => key.startsWith(prefix))));
    return Response.json({ language, strings });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const requested = (fetchMock: ReturnType<typeof stubStrings>) => fetchMock.mock.calls.map((call) => String(call[0])).sort();

describe("useStrings", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is ready at once when the language's strings are in, without a request", () => {
    const fetchMock = stubStrings();
    renderAt("/en/x", ["nav."]);
    expect(screen.getByTestId("ready").textContent).toBe("true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("loads English's missing prefixes from the server like any language's, once", async () => {
    const fetchMock = stubStrings();
    renderAt("/en/x", ["probe_c."]);
    expect(screen.getByTestId("ready").textContent).toBe("false");
    await waitFor(() => expect(screen.getByTestId("ready").textContent).toBe("true"));
    expect(requested(fetchMock)).toEqual(["/api/i18n/en?prefixes=probe_c."]);
    expect(i18n.stringsOf("en")?.["probe_c.three"]).toBe("three");
  });

  it("loads the missing prefixes of another language and of English, its fallback, once", async () => {
    const fetchMock = stubStrings();
    renderAt("/sv/x", ["probe_a.", "probe_b."]);
    expect(screen.getByTestId("ready").textContent).toBe("false");
    await waitFor(() => expect(screen.getByTestId("ready").textContent).toBe("true"));
    expect(requested(fetchMock)).toEqual(["/api/i18n/en?prefixes=probe_a.%2Cprobe_b.", "/api/i18n/sv?prefixes=probe_a.%2Cprobe_b."]);
    expect(i18n.stringsOf("sv")?.["probe_b.two"]).toBe("två");
    expect(i18n.stringsOf("en")?.["probe_b.two"]).toBe("two");
    renderAt("/sv/y", ["probe_a.", "probe_b."]);
    expect(screen.getAllByTestId("ready").map((node) => node.textContent)).toEqual(["true", "true"]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
