import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createAdmin, createVerifiedUser, signIn } from "./support/accounts";

/**
 * Money in and proof that none is lost, end to end through the real pages: a customer
 * buys $10 with a 10% bonus code on the local checkout and sees $11 land without a
 * reload; a declined card credits nothing and says why; an admin refunds the payment
 * and the customer's page follows live; the credit audit finds every account reconciled.
 */
async function payWithCard(page: Page, card: string) {
  await page.getByRole("textbox", { name: "Card number" }).fill(card);
  await page.getByRole("textbox", { name: "Expiry date" }).fill("12/39");
  await page.getByRole("textbox", { name: "Security code (CVC)" }).fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
}

test("buy $10 with a 10% bonus code, see $11 without a reload, a declined card credits nothing, a refund follows live, the audit reconciles", async ({ browser, server }) => {
  // The admin and the customer each in their own browser.
  const adminContext = await browser.newContext({ baseURL: server.baseURL });
  const adminPage = await adminContext.newPage();
  const admin = await createAdmin(adminPage.request, server);
  await signIn(adminPage.request, server, admin);
  const code = `BONUS${randomBytes(3).toString("hex").toUpperCase()}`;
  const created = await adminPage.request.post("/api/admin/discounts", {
    data: { code, kind: "bonus", percent: 10, startsAt: null, endsAt: null, maxRedemptions: 50, maxPerCustomer: 1, minPurchase: "5" },
    headers: { origin: server.baseURL },
  });
  expect(created.status(), await created.text()).toBe(201);

  const customerContext = await browser.newContext({ baseURL: server.baseURL });
  const page = await customerContext.newPage();
  const customer = await createVerifiedUser(page.request, server);
  await signIn(page.request, server, customer);

  // The phone page: $10 and the code, previewed by the server before anything is charged.
  await page.goto("/en/phone");
  const balance = page.getByTestId("header-balance");
  await expect(balance).toHaveText(/\$0\.00/);
  await page.getByText("$10", { exact: true }).click();
  await page.getByLabel("Discount code (optional)").fill(code.toLowerCase());
  const summary = page.locator("dl").filter({ hasText: "Bonus credit" });
  await expect(summary).toContainText("Credit$10.00");
  await expect(summary).toContainText("Bonus credit+$1.00");
  await expect(summary).toContainText("Added to your balance$11.00");
  await expect(summary).toContainText("Total to pay$10.00");

  await page.getByRole("button", { name: /^Pay/ }).click();
  await page.waitForURL(/\/en\/local-checkout\?session=cs_local_[0-9a-f]{32}$/);
  await expect(page.getByText("Amount to pay: $10.00")).toBeVisible();
  // No reload from here to the balance: a reload would lose this mark.
  await page.evaluate("window.stillTheSamePage = true");
  await payWithCard(page, "4242 4242 4242 4242");
  await page.waitForURL(/\/en\/payment-success\?payment=pay_[0-9a-f]{24}$/);
  await expect(page.getByTestId("new-balance")).toHaveText("$11.00");
  await expect(balance).toHaveText(/\$11\.00/);
  expect(await page.evaluate("window.stillTheSamePage === true")).toBe(true);
  const paymentId = new URL(page.url()).searchParams.get("payment") ?? "";

  // The payment and its receipt name the bonus and the code.
  await page.goto(`/en/payments?receipt=${paymentId}`);
  const receipt = page.getByRole("article", { name: "Payment receipt" });
  await expect(receipt).toContainText(paymentId);
  await expect(receipt).toContainText("Amount paid$10.00");
  await expect(receipt).toContainText(code);
  await expect(receipt).toContainText("$1.00");

  // The same code again is refused for this customer (one use each), in words.
  await page.goto("/en/phone");
  await page.getByText("$5", { exact: true }).click();
  await page.getByLabel("Discount code (optional)").fill(code);
  // Said at the field itself (and again, quietly, beside the price).
  await expect(page.getByLabel("Discount code (optional)")).toHaveAccessibleDescription(/You have already used this discount code\./);
  await page.getByLabel("Discount code (optional)").fill("");

  // A declined card: the card's message, and nothing credited.
  await page.getByRole("button", { name: /^Pay/ }).click();
  await page.waitForURL(/\/en\/local-checkout\?session=/);
  await payWithCard(page, "4000 0000 0000 0002");
  await expect(page.getByText("Your card was declined.")).toBeVisible();
  await expect(balance).toHaveText(/\$11\.00/);
  expect(((await (await page.request.get("/api/credits/balance")).json()) as { balance: string }).balance).toBe("11.0000");

  // The admin refunds the whole payment: the credit and its bonus go, and the customer's open page follows.
  await page.goto("/en/payments");
  await adminPage.goto("/en/admin-payments");
  await adminPage.getByLabel("Customer").fill(customer.email);
  // The row whose status is Paid (the declined one says "Nothing paid" to a screen reader under Paid).
  const row = adminPage.getByRole("row").filter({ hasText: customer.email }).filter({ has: adminPage.getByText("Paid", { exact: true }) });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Refund the payment of ${customer.email}` }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Refund a payment" });
  await expect(dialog.getByLabel("Amount to refund (USD)")).toHaveValue("10.00");
  await dialog.getByLabel("Reason").fill("Customer changed their mind");
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(dialog.getByRole("status")).toContainText(/\$10\.00\u2069? was refunded to the card\./);
  await expect(dialog.getByRole("status")).toContainText(/\$11\.00\u2069? of credit was taken off the customer's balance\./);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(balance).toHaveText(/\$0\.00/);
  await expect(page.getByRole("row").filter({ hasText: "Refunded" })).toHaveCount(1);

  // Every account, this one included, still equals the sum of its ledger.
  await adminPage.goto("/en/credit-audit");
  await expect(adminPage.getByText("All accounts reconciled")).toBeVisible();
  await expect(adminPage.getByRole("region", { name: "Accounts and their ledger" }).getByRole("row").filter({ hasText: customer.email })).toContainText("Matches");

  await adminContext.close();
  await customerContext.close();
});
