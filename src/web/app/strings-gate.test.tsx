import { render, screen } from "@testing-library/react";
import { useTranslation } from "../lib/i18n/use-translation";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { StringsGate } from "./strings-gate";

describe("StringsGate", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows a spinner, never the raw keys, until the page's strings are in", async () => {
    let answer: (strings: Record<string, string>) => void = () => undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (input: RequestInfo | URL) =>
          new Promise<Response>((resolve) => {
            answer = (strings) => resolve(Response.json({ language: /\/api\/i18n\/([a-z]+)/.exec(String(input))?.[1], strings }));
          }),
      ),
    );
    function Page() {
      const { t } = useTranslation();
      return <h1>{t("gate_probe.title")}</h1>;
    }
    const router = createMemoryRouter(
      [
        {
          path: "/:lang/*",
          element: (
            <StringsGate prefixes={["gate_probe."]}>
              <Page />
            </StringsGate>
          ),
        },
      ],
      { initialEntries: ["/en/x"] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole("status")).toBeTruthy();
    expect(screen.queryByRole("heading")).toBeNull();
    await vi.waitFor(() => expect(vi.mocked(fetch).mock.calls.map((call) => String(call[0]))).toEqual(["/api/i18n/en?prefixes=gate_probe."]));
    answer({ "gate_probe.title": "Title" });
    expect(await screen.findByRole("heading", { name: "Title" })).toBeTruthy();
  });
});
