// Its callbacks to page.evaluate run in the browser.
/// <reference lib="dom" />
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { seriousAccessibilityProblems } from "./support/accessibility";
import { createVerifiedUser, signIn, type TestAccount } from "./support/accounts";

/**
 * Buying credit on the local checkout, as a customer does it: the phone page, the
 * provider's card page, the credit landing in the header without a reload, the payment
 * and its receipt; then a declined card that credits nothing.
 */
let customer: TestAccount;

test.beforeAll(async ({ playwright, server }) => {
  // Signed up and verified through the real API and the mail outbox's link.
  const request = await playwright.request.newContext();
  customer = await createVerifiedUser(request, server);
  await request.dispose();
});

/** Pastes through the browser's clipboard, as a person pastes what a card or a password manager shows. */
async function paste(page: Page, label: string, text: string) {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  const field = page.getByRole("textbox", { name: label });
  await field.click();
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press("ControlOrMeta+V");
  return field;
}

/** The card as it is printed, pasted field by field; each field keeps it whole in its own format. */
async function payWithCard(page: Page, card: string, shown: string) {
  await expect(await paste(page, "Card number", card)).toHaveValue(shown);
  const expiry = await paste(page, "Expiry date", "12 / 2039");
  await expect(expiry).toHaveValue("12/39");
  // A key more than the field holds changes nothing on screen either.
  await expiry.press("5");
  await expect(expiry).toHaveValue("12/39");
  await expect(await paste(page, "Security code (CVC)", " 123 ")).toHaveValue("123");
  await page.getByRole("button", { name: /^Pay / }).click();
}

test("a customer buys $10 with the approved test card, sees the balance rise without a reload, then the payment and its receipt", async ({ page, server }) => {
  await signIn(page.request, server, customer);
  await page.goto("/en/phone");
  const balance = page.getByTestId("header-balance");
  await expect(balance).toHaveText(/\$0\.00/);
  await expect(page.getByRole("heading", { level: 1, name: "Buy credits" })).toBeVisible();
  await page.getByText("$10", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "$10", exact: true })).toBeChecked();
  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  await page.getByRole("button", { name: /^Pay/ }).click();
  await page.waitForURL(/\/en\/local-checkout\?session=cs_local_[0-9a-f]{32}$/);
  await expect(page.getByText("Amount to pay: $10.00")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Test checkout: no real money" })).toBeVisible();
  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  // From here on the page is never loaded again: a reload would lose this mark.
  await page.evaluate("window.stillTheSamePage = true");
  await payWithCard(page, "4242-4242-4242-4242", "4242 4242 4242 4242");
  await page.waitForURL(/\/en\/payment-success\?payment=pay_[0-9a-f]{24}$/);
  await expect(page.getByText("Payment received: your credit is ready to use.")).toBeVisible();
  await expect(page.getByTestId("new-balance")).toHaveText("$10.00");
  await expect(balance).toHaveText(/\$10\.00/);
  expect(await page.evaluate("window.stillTheSamePage === true")).toBe(true);
  const paymentId = new URL(page.url()).searchParams.get("payment") ?? "";

  await page.getByRole("link", { name: "Your payments" }).first().click();
  const row = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "Paid", exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("$10.00");
  await expect(row).toContainText("Test card (local checkout)");
  await row.getByRole("link", { name: /^Receipt for the payment of/ }).click();
  const receipt = page.getByRole("article", { name: "Payment receipt" });
  await expect(receipt).toContainText(paymentId);
  await expect(receipt).toContainText(customer.email);
  await expect(receipt).toContainText("Amount paid$10.00");
  await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeVisible();
  // Printed, the receipt stands alone on one page: no header, footer or buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("body > div header").first()).toBeHidden();
  await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeHidden();
  const pdf = await page.pdf({ format: "A4" });
  expect(pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
});

test("a declined card shows the card's message and leaves the balance as it was", async ({ page, server }) => {
  await signIn(page.request, server, customer);
  await page.goto("/en/phone");
  const balance = page.getByTestId("header-balance");
  await expect(balance).toHaveText(/\$10\.00/);
  await page.getByText("$25", { exact: true }).click();
  await page.getByRole("button", { name: /^Pay/ }).click();
  await page.waitForURL(/\/en\/local-checkout\?session=/);
  await expect(page.getByText("Amount to pay: $25.00")).toBeVisible();
  await payWithCard(page, " 4000 - 0000 - 0000 - 0002 ", "4000 0000 0000 0002");
  await expect(page.getByRole("alert")).toContainText("Your card was declined.");
  await expect(page.getByRole("alert")).toContainText("Nothing was charged and your balance is unchanged.");
  await expect(page.getByRole("button", { name: "Try another card" })).toBeEnabled();
  await expect(balance).toHaveText(/\$10\.00/);

  await page.goto("/en/payments");
  // The declined purchase is listed, with nothing paid and nothing credited whatever it asked for.
  const declined = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "Failed", exact: true }) });
  await expect(declined).toContainText("Nothing paid");
  await expect(declined).toContainText("Nothing credited");
  await expect(declined).not.toContainText("$");
  await expect(balance).toHaveText(/\$10\.00/);
});
