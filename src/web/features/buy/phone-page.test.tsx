import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import svBuy from "../../../../data/translations/sv/buy.json";
import { i18n } from "../../lib/i18n/i18n";
import { renderAt } from "../../test/render-with-app";
import { apiError, json, requestsTo, stubApi, type Handler } from "./buy.fixtures";
import { navigateTo, PhonePage } from "./phone-page";

/** The server's quotes the tests ask for, written out by hand (the bonus and percent-off rules of the contract). */
function quote(url: URL): Response | undefined {
  if (url.pathname !== "/api/payments/quote") return undefined;
  const amount = url.searchParams.get("amount");
  const code = url.searchParams.get("code");
  const plain = (value: string) => ({ requested: value, pay: value, credit: value, bonus: "0.0000", totalCredit: value, discount: null, refusal: null });
  if (code === "WELCOME10" && amount === "25.00")
    return json({ requested: "25.0000", pay: "25.0000", credit: "25.0000", bonus: "2.5000", totalCredit: "27.5000", discount: { code: "WELCOME10", kind: "bonus", percent: 10 }, refusal: null });
  if (code === "HALF" && amount === "10.00")
    return json({ requested: "10.0000", pay: "5.0000", credit: "10.0000", bonus: "0.0000", totalCredit: "10.0000", discount: { code: "HALF", kind: "percent_off", percent: 50 }, refusal: null });
  if (code === "OLDCODE") return json({ ...plain("10.0000"), refusal: { reason: "expired", minPurchase: null } });
  if (amount === "10.00") return json(plain("10.0000"));
  if (amount === "25.00") return json(plain("25.0000"));
  if (amount === "12.50") return json(plain("12.5000"));
  return undefined;
}

/** The customer's last outgoing call was to the United Kingdom. */
const recentCall: Handler = (url) =>
  url.pathname === "/api/calls"
    ? json({
        calls: [{ id: "c1", callSid: "CA1", direction: "outbound", toNumber: "+447106123456", fromNumber: null, countryCode: "GB", ratePerMin: "0.0300", status: "completed", startedAt: "2026-03-10T12:00:00.000Z", answeredAt: null, endedAt: null, durationSeconds: 0, billedMinutes: 0, costUsd: "0.0000", qualityRating: null, quality: null }],
        page: 1,
        pageCount: 1,
        totals: { calls: 1, talkSeconds: 0, billedMinutes: 0, costUsd: "0.0000" },
      })
    : undefined;

const both =
  (...handlers: Handler[]): Handler =>
  (url, init) => {
    for (const handler of handlers) {
      const answer = handler(url, init);
      if (answer) return answer;
    }
    return undefined;
  };

const renderPage = (path = "/en/phone") => renderAt(<PhonePage />, { path, pattern: "/:lang/phone" });
const summary = () => screen.getByRole("heading", { name: "Your purchase" }).parentElement!;

const assign = vi.spyOn(navigateTo, "assign").mockImplementation(() => undefined);

describe("PhonePage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockClear();
  });

  it("quotes the $10 package, and tells how many minutes it buys to the country called last", async () => {
    const fetchMock = stubApi(both(quote, recentCall));
    renderPage();
    expect(await screen.findByRole("radio", { name: "$10" })).toHaveProperty("checked", true);
    for (const label of ["$5", "$25", "$50", "$100", "Other amount"]) expect(screen.getByRole("radio", { name: label })).toHaveProperty("checked", false);
    await waitFor(() => expect(within(summary()).getByText("Total to pay").nextSibling?.textContent).toBe("$10.00"));
    expect(requestsTo(fetchMock, "/api/payments/quote").map(({ url }) => url.search)).toEqual(["?amount=10.00"]);
    // $10 at $0.03 a minute: 333 whole minutes; at $0.12: 83.
    expect(await screen.findByText("333 minutes")).toBeTruthy();
    expect(screen.getByText("Calling United Kingdom, up to")).toBeTruthy();
    expect(screen.getByText("At least 83 minutes to its dearest numbers ($0.1200 a minute).")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Pay $10.00" })).toHaveProperty("disabled", false);
    expect(document.title).toBe("Buy credits · Dialwise");
  });

  it("reads a custom amount as Swedish writes it, and refuses one outside the bounds without asking the price", async () => {
    const fetchMock = stubApi(both(quote, (url) => (url.pathname === "/api/i18n/sv" ? json({ language: "sv", strings: svBuy }) : undefined)));
    await act(() => i18n.changeLanguage("sv"));
    onTestFinished(async () => {
      await act(() => i18n.changeLanguage("en"));
    });
    renderPage("/sv/phone");
    fireEvent.click(await screen.findByRole("radio", { name: "Annat belopp" }));
    const field = screen.getByRole("textbox", { name: "Belopp i amerikanska dollar" });
    fireEvent.change(field, { target: { value: "12,50" } });
    await waitFor(() => expect(requestsTo(fetchMock, "/api/payments/quote").map(({ url }) => url.searchParams.get("amount"))).toContain("12.50"));
    await waitFor(() => expect(screen.getByRole("button", { name: /^Betala/ }).textContent).toContain("12,50"));

    fireEvent.change(field, { target: { value: "600" } });
    expect((await screen.findByRole("alert")).textContent).toMatch(/^Välj ett belopp från .*5,00.* till .*500,00/);
    expect(screen.getByRole("button", { name: "Betala" })).toHaveProperty("disabled", true);
    expect(requestsTo(fetchMock, "/api/payments/quote").map(({ url }) => url.searchParams.get("amount"))).not.toContain("600.00");
  });

  it("previews a bonus code and a percent-off code, and says why a code is refused", async () => {
    stubApi(quote);
    renderPage();
    fireEvent.click(await screen.findByRole("radio", { name: "$25" }));
    const code = screen.getByRole("textbox", { name: "Discount code (optional)" });
    fireEvent.change(code, { target: { value: " welcome10 " } });
    expect(await screen.findByText("Code WELCOME10: 10% extra credit.")).toBeTruthy();
    expect(within(summary()).getByText("Bonus credit").nextSibling?.textContent).toBe("+$2.50");
    expect(within(summary()).getByText("Added to your balance").nextSibling?.textContent).toBe("$27.50");
    expect(within(summary()).getByText("Total to pay").nextSibling?.textContent).toBe("$25.00");

    fireEvent.click(screen.getByRole("radio", { name: "$10" }));
    fireEvent.change(code, { target: { value: "half" } });
    expect(await screen.findByText("Code HALF: 50% off the price.")).toBeTruthy();
    expect(within(summary()).getByText("Discount").nextSibling?.textContent).toBe("−$5.00");
    expect(screen.getByRole("button", { name: "Pay $5.00" })).toBeTruthy();

    fireEvent.change(code, { target: { value: "oldcode" } });
    expect((await screen.findByRole("alert")).textContent).toBe("This discount code has expired.");
    // Said at the field, which on a phone is a screen above the summary; the summary says it again, quietly.
    expect(code.getAttribute("aria-invalid")).toBe("true");
    expect(code.getAttribute("aria-describedby")?.split(" ")).toContain(screen.getByRole("alert").id);
    expect(within(summary()).getByText("This discount code has expired.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Pay $10.00" })).toHaveProperty("disabled", true);
  });

  it("checks out with what the customer chose and nothing else, then goes to the provider's page", async () => {
    const fetchMock = stubApi(
      both(quote, (url, init) =>
        url.pathname === "/api/payments/checkout" && init?.method === "POST"
          ? json({ paymentId: "pay_1", provider: "local", url: "http://localhost/en/local-checkout?session=cs_local_1" })
          : undefined,
      ),
    );
    renderPage();
    fireEvent.click(await screen.findByRole("radio", { name: "$25" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Discount code (optional)" }), { target: { value: "Welcome10" } });
    fireEvent.click(await screen.findByRole("button", { name: "Pay $25.00" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("http://localhost/en/local-checkout?session=cs_local_1"));
    expect(requestsTo(fetchMock, "/api/payments/checkout", "POST").map(({ body }) => body)).toEqual([{ amount: "25.00", code: "WELCOME10", lang: "en" }]);
  });

  it("shows a refused checkout in the reader's words: a code used up meanwhile, the provider unreachable", async () => {
    let answer = apiError(409, "discount_used_up", "This code has been used up");
    stubApi(both(quote, (url, init) => (url.pathname === "/api/payments/checkout" && init?.method === "POST" ? answer : undefined)));
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Pay $10.00" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This discount code has been used up.");
    answer = apiError(503, "payment_provider_unavailable", "down");
    fireEvent.click(screen.getByRole("button", { name: "Pay $10.00" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("The payment service could not be reached. Please try again in a moment."));
    expect(assign).not.toHaveBeenCalled();
  });

  it("says a cancelled payment charged nothing", async () => {
    stubApi(quote);
    renderPage("/en/phone?cancelled=pay_0123");
    expect((await screen.findByRole("status")).textContent).toBe("The payment was cancelled. Nothing was charged: choose an amount below to try again.");
  });
});
