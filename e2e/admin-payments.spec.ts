import { request as playwrightRequest, type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createAdmin, createVerifiedUser, signIn } from "./support/accounts";
import { seriousAccessibilityProblems } from "./support/accessibility";
import type { RunningServer } from "./fixtures";

/**
 * Types the customer's email into the filter and waits for the list the server answers for it. The list asks
 * a moment after the typing stops and dims while it waits: until that answer is in, the rows on screen may be
 * the unfiltered ones, and an accessibility check would measure the dimmed text's contrast.
 */
async function filterByCustomer(page: Page, label: string, email: string): Promise<void> {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === "/api/admin/payments" && url.searchParams.get("customer") === email;
  });
  await page.getByLabel(label).fill(email);
  await answered;
  await expect(page.locator("main [aria-busy=true]")).toHaveCount(0);
}

/** A customer of their own (own cookies) who buys `amount` dollars through the local checkout's API with the approved test card. */
async function customerWhoBought(server: RunningServer, amount: string): Promise<{ email: string; request: APIRequestContext }> {
  const request = await playwrightRequest.newContext({ baseURL: server.baseURL });
  const customer = await createVerifiedUser(request, server);
  await signIn(request, server, customer);
  const checkout = await request.post("/api/payments/checkout", { data: { amount }, headers: { origin: server.baseURL } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const session = new URL((await checkout.json()).url as string).searchParams.get("session");
  const paid = await request.post(`/api/local-checkout/sessions/${session}/pay`, { data: { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" }, headers: { origin: server.baseURL } });
  expect(paid.status(), await paid.text()).toBe(200);
  return { email: customer.email, request };
}

// Amounts inside sentences are wrapped in Unicode isolates (U+2068 … U+2069) so they stay whole in Arabic.
const balanceOf = async (request: APIRequestContext) => ((await (await request.get("/api/credits/balance")).json()) as { balance: string }).balance;

test("an admin refunds $4 of a $10 purchase with a reason; the customer's balance drops by the credit it bought", async ({ page, server }) => {
  const customer = await customerWhoBought(server, "10");
  expect(await balanceOf(customer.request)).toBe("10.0000");

  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  await page.goto("/en/admin-payments");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payments");
  await filterByCustomer(page, "Customer", customer.email);
  const row = page.getByRole("row").filter({ hasText: customer.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Paid");
  await expect(row).toContainText("$10.00");

  await row.getByRole("button", { name: `Refund the payment of ${customer.email}` }).click();
  const dialog = page.getByRole("dialog", { name: "Refund a payment" });
  await expect(dialog.getByLabel("Amount to refund (USD)")).toHaveValue("10.00");
  // The reason is required: nothing is sent without one.
  await dialog.getByLabel("Amount to refund (USD)").fill("4");
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(dialog.getByText("Give a reason for the refund.")).toBeVisible();
  expect(await balanceOf(customer.request)).toBe("10.0000");

  await dialog.getByLabel("Reason").fill("Customer asked for part of the money back");
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(dialog.getByRole("status")).toContainText(/\$4\.00\u2069? was refunded to the card\./);
  await expect(dialog.getByRole("status")).toContainText(/\$4\.00\u2069? of credit was taken off the customer's balance\./);
  await dialog.getByRole("button", { name: "Done" }).click();

  await expect(row).toContainText("Partly refunded");
  await expect(page.getByText(/^Refunded \u2068?\$4\.00\u2069?$/)).toBeVisible();
  await expect(page.getByText("Reason: Customer asked for part of the money back")).toBeVisible();
  expect(await balanceOf(customer.request)).toBe("6.0000");

  expect(await seriousAccessibilityProblems(page)).toEqual([]);
  await customer.request.dispose();
});

test("the payments page works on a phone in Arabic and has no serious accessibility problems", async ({ browser, server }) => {
  const customer = await customerWhoBought(server, "5");
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.baseURL });
  const page = await context.newPage();
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  await page.goto("/ar/admin-payments");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("المدفوعات");
  await filterByCustomer(page, "العميل", customer.email);
  // Cards, not a table, on a phone; nothing to scroll sideways.
  const card = page.getByRole("listitem").filter({ hasText: customer.email });
  await expect(card).toBeVisible();
  expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(390);
  await card.getByRole("button", { name: `استرداد دفعة ${customer.email}` }).click();
  await expect(page.getByRole("dialog", { name: "استرداد دفعة" })).toBeVisible();
  expect(await seriousAccessibilityProblems(page, ["main", "[role=dialog]"])).toEqual([]);
  await context.close();
  await customer.request.dispose();
});
