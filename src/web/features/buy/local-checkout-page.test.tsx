import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../test/render-with-app";
import { apiError, json, requestsTo, stubApi, SUCCEEDED, type Handler } from "./buy.fixtures";
import { LocalCheckoutPage } from "./local-checkout-page";
import { navigateTo } from "./phone-page";

const SESSION = "cs_local_0123456789abcdef0123456789abcdef";
const PAYMENT = "pay_0123456789abcdef01234567";

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const session = (status = "pending"): Handler => (url) =>
  url.pathname === `/api/local-checkout/sessions/${SESSION}` ? json({ sessionId: SESSION, paymentId: PAYMENT, amount: "10.0000", status, failureReason: null }) : undefined;

function renderPage() {
  return renderAt(<LocalCheckoutPage />, {
    path: `/en/local-checkout?session=${SESSION}`,
    pattern: "/:lang/local-checkout",
    extraRoutes: [
      { path: "/:lang/payment-success", element: <Where /> },
      { path: "/:lang/phone", element: <Where /> },
    ],
  });
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByRole("textbox", { name: label }), { target: { value } });

describe("LocalCheckoutPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the amount and the test cards, and checks the card before anything is sent", async () => {
    const fetchMock = stubApi(session());
    renderPage();
    expect(await screen.findByText("$10.00")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Test checkout: no real money" })).toBeTruthy();
    expect(screen.getByText("4242 4242 4242 4242").parentElement?.textContent).toBe("4242 4242 4242 4242 is approved.");
    expect(screen.getByText("4000 0000 0000 0002").parentElement?.textContent).toBe("4000 0000 0000 0002 is declined.");

    fireEvent.click(screen.getByRole("button", { name: "Pay $10.00" }));
    expect((await screen.findAllByRole("alert")).map((alert) => alert.textContent)).toEqual(["Enter the card number.", "Enter the expiry date.", "Enter the security code."]);

    fill("Card number", "4242424242424241");
    fill("Expiry date", "1320");
    fill("Security code (CVC)", "12");
    fireEvent.click(screen.getByRole("button", { name: "Pay $10.00" }));
    await waitFor(() =>
      expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toEqual([
        "This card number is not valid. Check the digits.",
        "Enter the expiry date as month and year, for example 04/29.",
        "The security code is the 3 or 4 digits on the card.",
      ]),
    );
    fill("Expiry date", "01/20");
    await waitFor(() => expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("This card has expired."));
    expect(requestsTo(fetchMock, `/api/local-checkout/sessions/${SESSION}/pay`, "POST")).toEqual([]);
  });

  it("groups the card number in fours and writes the expiry as MM/YY while typing", async () => {
    stubApi(session());
    renderPage();
    await screen.findByText("$10.00");
    fill("Card number", "42424242424242");
    expect(screen.getByRole("textbox", { name: "Card number" })).toHaveProperty("value", "4242 4242 4242 42");
    fill("Expiry date", "1229");
    expect(screen.getByRole("textbox", { name: "Expiry date" })).toHaveProperty("value", "12/29");
  });

  it("takes what a card shows when it is pasted: the expiry in any usual form, the number with spaces or dashes, the code with space around it", async () => {
    stubApi(session());
    renderPage();
    await screen.findByText("$10.00");
    const user = userEvent.setup();
    const paste = async (label: string, text: string) => {
      const field = screen.getByRole("textbox", { name: label });
      await user.clear(field);
      await user.click(field);
      await user.paste(text);
      return (field as HTMLInputElement).value;
    };
    for (const text of ["12 / 34", "12/34", "1234", "12 / 2034", " 12/34 ", "12-34", "122034"]) expect(await paste("Expiry date", text), text).toBe("12/34");
    for (const text of ["4242 4242 4242 4242", "4242-4242-4242-4242", " 4242 - 4242 - 4242 - 4242 ", "4242424242424242"]) {
      expect(await paste("Card number", text), text).toBe("4242 4242 4242 4242");
    }
    expect(await paste("Card number", "6011 0009 9013 9424 123")).toBe("6011 0009 9013 9424 123");
    for (const text of ["123", " 123 ", "1 2 3"]) expect(await paste("Security code (CVC)", text), text).toBe("123");
    expect(await paste("Security code (CVC)", " 1234 ")).toBe("1234");
  });

  it("keeps each field to its format when more is typed than it holds", async () => {
    stubApi(session());
    renderPage();
    await screen.findByText("$10.00");
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Expiry date" }), "123456");
    expect(screen.getByRole("textbox", { name: "Expiry date" })).toHaveProperty("value", "12/34");
    await user.type(screen.getByRole("textbox", { name: "Security code (CVC)" }), "12345");
    expect(screen.getByRole("textbox", { name: "Security code (CVC)" })).toHaveProperty("value", "1234");
    await user.type(screen.getByRole("textbox", { name: "Card number" }), "42424242424242424242");
    expect(screen.getByRole("textbox", { name: "Card number" })).toHaveProperty("value", "4242 4242 4242 4242 424");
  });

  it("pays with an approved card and goes to the payment's success page", async () => {
    const fetchMock = stubApi((url, init) =>
      session()(url, init) ?? (url.pathname.endsWith("/pay") ? json({ paymentId: PAYMENT, status: "succeeded" }) : undefined),
    );
    renderPage();
    await screen.findByText("$10.00");
    fill("Card number", "4242 4242 4242 4242");
    fill("Expiry date", "12/99");
    fill("Security code (CVC)", "123");
    fireEvent.click(screen.getByRole("button", { name: "Pay $10.00" }));
    expect((await screen.findByTestId("where")).textContent).toBe(`/en/payment-success?payment=${PAYMENT}`);
    expect(requestsTo(fetchMock, `/api/local-checkout/sessions/${SESSION}/pay`, "POST").map(({ body }) => body)).toEqual([
      { cardNumber: "4242424242424242", expiry: "12/99", cvc: "123" },
    ]);
  });

  it("shows a declined card's message and starts the same purchase again for another card", async () => {
    const assign = vi.spyOn(navigateTo, "assign").mockImplementation(() => undefined);
    const fetchMock = stubApi((url, init) => {
      if (url.pathname.endsWith("/pay")) return apiError(402, "card_declined", "Your card was declined.");
      if (url.pathname === `/api/payments/${PAYMENT}`) return json({ ...SUCCEEDED, status: "failed", failureReason: "Your card was declined." });
      if (url.pathname === "/api/payments/checkout") return json({ paymentId: "pay_2", provider: "local", url: "http://localhost/en/local-checkout?session=cs_local_2" });
      return session()(url, init);
    });
    renderPage();
    await screen.findByText("$10.00");
    fill("Card number", "4000 0000 0000 0002");
    fill("Expiry date", "12/99");
    fill("Security code (CVC)", "123");
    fireEvent.click(screen.getByRole("button", { name: "Pay $10.00" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Your card was declined.Nothing was charged and your balance is unchanged.");
    const retry = screen.getByRole("button", { name: "Try another card" });
    await waitFor(() => expect(retry).toHaveProperty("disabled", false));
    fireEvent.click(retry);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("http://localhost/en/local-checkout?session=cs_local_2"));
    // The same purchase: the credit asked for and the code, never a price.
    expect(requestsTo(fetchMock, "/api/payments/checkout", "POST").map(({ body }) => body)).toEqual([{ amount: "10.00", code: "WELCOME10", lang: "en" }]);
    assign.mockRestore();
  });

  it("says a cancelled checkout opened again was cancelled and charged nothing, never that it was paid", async () => {
    stubApi((url) => {
      if (url.pathname === `/api/local-checkout/sessions/${SESSION}`) return json({ sessionId: SESSION, paymentId: PAYMENT, amount: "10.0000", status: "cancelled", failureReason: "You cancelled the checkout." });
      if (url.pathname === `/api/payments/${PAYMENT}`) return json({ ...SUCCEEDED, status: "cancelled", failureReason: "You cancelled the checkout." });
      return undefined;
    });
    renderPage();
    expect((await screen.findByRole("alert")).textContent).toBe("You cancelled the checkout.Nothing was charged and your balance is unchanged.");
    expect(screen.queryByText("This checkout has already been paid.")).toBeNull();
  });

  it("cancels the session on the server, then goes back to buying with the payment named as cancelled", async () => {
    const cancelled: Handler = (url, init) =>
      url.pathname === `/api/local-checkout/sessions/${SESSION}/cancel` && init?.method === "POST" ? json({ paymentId: PAYMENT, status: "cancelled" }) : undefined;
    const fetchMock = stubApi((url, init) => cancelled(url, init) ?? session()(url, init));
    renderPage();
    await screen.findByText("$10.00");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect((await screen.findByTestId("where")).textContent).toBe(`/en/phone?cancelled=${PAYMENT}`);
    expect(requestsTo(fetchMock, `/api/local-checkout/sessions/${SESSION}/cancel`, "POST")).toHaveLength(1);
  });
});
