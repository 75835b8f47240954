import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../lib/i18n/i18n";
import { RateCheckerPage } from "./rate-checker-page";
import { json, stubRatesApi } from "../../test/rates.fixtures";
import { renderAt } from "../../test/render-with-app";

const UK_MOBILE = {
  e164: "+447106123456",
  twilioRate: "0.03050",
  marginPercentage: 90,
  country: "United Kingdom",
  countryCode: "GB",
  rate: "0.0580",
  fallbackRate: "0.0500",
  lineType: "Mobile",
  lineKind: "mobile",
};

function renderChecker(answer: (body: { number: string }) => Response) {
  const fetchMock = stubRatesApi((url, init) => (url.pathname === "/api/rates/lookup" ? answer(JSON.parse(String(init?.body)) as { number: string }) : undefined));
  renderAt(<RateCheckerPage />, { path: "/en/twilio-test" });
  return fetchMock;
}

async function check(number: string) {
  fireEvent.change(await screen.findByLabelText("Phone number"), { target: { value: number } });
  fireEvent.click(screen.getByRole("button", { name: "Check rate" }));
}

describe("RateCheckerPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the country, line type and per-minute price with four decimals", async () => {
    const fetchMock = renderChecker(() => json(UK_MOBILE));
    await check(" +44 7106 123456 ");
    const result = await screen.findByTestId("rate-result");
    expect(result.textContent).toContain("+44 7106 123456");
    expect(result.textContent).toContain("CountryUnited Kingdom");
    expect(result.querySelector("img")?.getAttribute("src")).toMatch(/\/GB\.svg$/);
    expect(result.textContent).toContain("Mobile");
    expect(result.textContent).toContain("$0.0580 per minute");
    const lookup = fetchMock.mock.calls.find(([input]) => String(input) === "/api/rates/lookup");
    expect(JSON.parse(String(lookup?.[1]?.body))).toEqual({ number: "+44 7106 123456" });
    expect(document.title).toBe("Rate Checker · Dialwise");
  });

  it("explains a refusal with the translated reason", async () => {
    renderChecker(() => json({ error: { code: "emergency_blocked", message: "Emergency Number Blocked" } }, 422));
    await check("+1 911");
    const alert = await screen.findByRole("alert");
    // errors.emergency_blocked (the server's strings) when defined, else the generic message.
    const expected = i18n.exists("errors.emergency_blocked") ? i18n.t("errors.emergency_blocked") : "Failed to validate phone number";
    expect(alert.textContent).toBe(expected);
  });

  it("asks for a number before asking the server", async () => {
    const fetchMock = renderChecker(() => json(UK_MOBILE));
    await check("   ");
    expect(await screen.findByText("Please enter a phone number")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input) === "/api/rates/lookup")).toBe(false);
  });
});
