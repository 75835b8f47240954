import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import englishErrors from "../../../../data/translations/en/request-errors.json";
import { AppProviders, createQueryClient } from "../../app/providers";
import { CountryRatesPage } from "./country-rates-page";

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => Response.json(body, { status, headers });

/** The server as the request-input and outage tests pin it: the import preview refused with this error. */
function stubPreviewRefused(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/admin/rates/countries") return json({ countries: [], total: 0, page: 1, pageSize: 25, marginPercentage: 90 });
      if (url.pathname === "/api/admin/rates/audit") return json({ entries: [], total: 0, page: 1, pageSize: 10 });
      if (url.pathname === "/api/admin/rates/import/preview") return json({ error: { code, message } }, status, headers);
      return json({ error: { code: "not_found", message: "Not found" } }, 404);
    }),
  );
}

async function chooseFile(content: string) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <CountryRatesPage />
    </AppProviders>,
  );
  fireEvent.click(await screen.findByRole("button", { name: "Import rate deck" }));
  const dialog = await screen.findByRole("dialog");
  // The file is read, and its preview asked for, after the event: inside act, so the renders they cause are awaited.
  await act(async () => {
    fireEvent.change(within(dialog).getByLabelText("Rate deck CSV file"), { target: { files: [new File([content], "deck.csv", { type: "text/csv" })] } });
  });
  return dialog;
}

describe("the import dialog's errors", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says in the reader's words that a file holds a NUL character", async () => {
    stubPreviewRefused(400, "nul_character", "The request contains a NUL character (\\u0000), which we do not accept");
    const dialog = await chooseFile("AD,And\u0000orra,Standard,0.04700,376\n");
    expect(await within(dialog).findByText(englishErrors["errors.nul_character"])).toBeTruthy();
  });

  it("says the service is briefly unavailable while the database is away", async () => {
    stubPreviewRefused(503, "service_unavailable", "The service is briefly unavailable. Please try again in a moment.", { "retry-after": "5" });
    const dialog = await chooseFile("AD,Andorra,Standard,0.04700,376\n");
    expect(await within(dialog).findByText(englishErrors["errors.service_unavailable"])).toBeTruthy();
  });
});
