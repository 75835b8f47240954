import { expect, test } from "./fixtures";
import { createAdmin, createVerifiedUser, signIn } from "./support/accounts";
import { seriousAccessibilityProblems } from "./support/accessibility";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("an admin sees every account reconciled, adjusts a customer and finds the row in the ledger", async ({ page, server }) => {
  const customer = await createVerifiedUser(page.request, server);
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);

  await page.goto("/en/credit-audit");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Credit audit");
  await expect(page.getByText("All accounts reconciled")).toBeVisible();
  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  // The form's own checks first, in words.
  const form = page.getByRole("form", { name: "Adjust a balance" });
  await form.getByRole("button", { name: "Apply adjustment" }).click();
  await expect(form.getByText("Enter the customer's email.")).toBeVisible();
  await expect(form.getByText("Give a reason: it is kept with the adjustment.")).toBeVisible();

  await form.getByLabel("Customer email").fill(customer.email);
  await form.getByLabel("Amount (USD)").fill("2.50");
  await form.getByLabel("Reason").fill("Goodwill for a dropped call");
  await form.getByRole("button", { name: "Apply adjustment" }).click();
  // Amounts inside sentences are isolated (U+2068 … U+2069) so they stay whole in Arabic.
  const toast = `Adjusted ${customer.email} by \u2068$2.5000\u2069. New balance: \u2068$2.5000\u2069.`;
  await expect(page.getByText(new RegExp(`^${escape(toast)}$`))).toBeVisible();

  const search = page.getByRole("search", { name: "Filter the ledger" });
  await search.getByLabel("Customer email contains").fill(customer.email);
  await search.getByRole("button", { name: "Search" }).click();
  const rows = page.getByRole("region", { name: "Ledger rows" }).getByRole("row");
  await expect(rows).toHaveCount(2); // the header and the adjustment
  await expect(rows.nth(1)).toContainText("Adjustment");
  await expect(rows.nth(1)).toContainText("+$2.5000");
  await expect(rows.nth(1)).toContainText("Goodwill for a dropped call");
  await expect(rows.nth(1)).toContainText(admin.email);

  // The customer's account is reconciled too, and taking off more than it holds is refused with its balance.
  await expect(page.getByRole("region", { name: "Accounts and their ledger" }).getByRole("row").filter({ hasText: customer.email })).toContainText("Matches");
  await expect(page.getByText("All accounts reconciled")).toBeVisible();
  await form.getByLabel("Customer email").fill(customer.email);
  await form.getByLabel("Amount (USD)").fill("-3");
  await form.getByLabel("Reason").fill("Too much");
  await form.getByRole("button", { name: "Apply adjustment" }).click();
  await expect(form.getByRole("alert")).toHaveText("Refused: the balance is \u2068$2.5000\u2069, and a balance may not go below zero. Nothing changed.");
});

test("the credit audit works on a phone in Arabic and has no serious accessibility problems", async ({ browser, server }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.baseURL });
  const page = await context.newPage();
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  await page.goto("/ar/credit-audit");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("تدقيق الرصيد");
  await expect(page.getByText("جميع الحسابات متطابقة")).toBeVisible();
  // Cards, not tables, at 390 px: nothing to scroll sideways.
  await expect(page.getByRole("table")).toHaveCount(0);
  expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(390);
  expect(await seriousAccessibilityProblems(page)).toEqual([]);
  await context.close();
});
