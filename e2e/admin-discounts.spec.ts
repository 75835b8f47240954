import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { seriousAccessibilityProblems } from "./support/accessibility";
import { createAdmin, signIn } from "./support/accounts";

test("an admin creates a 10% bonus code, pauses and resumes it, and the page has no serious accessibility problems", async ({ page, server }) => {
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  const code = `WELCOME${randomBytes(3).toString("hex").toUpperCase()}`;

  await page.goto("/en/discounts");
  await expect(page.getByRole("heading", { level: 1, name: "Discount codes" })).toBeVisible();
  await expect(page.getByText("No discount codes yet")).toBeVisible();
  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  await page.getByRole("button", { name: "New code" }).click();
  const dialog = page.getByRole("dialog", { name: "New discount code" });
  // The form's own rules answer first, in words.
  await dialog.getByLabel("Code", { exact: true }).fill("x");
  await dialog.getByLabel("Percent", { exact: true }).fill("150");
  await dialog.getByRole("button", { name: "Create code" }).click();
  await expect(dialog.getByText("Use 3 to 32 letters, digits, hyphens or underscores.")).toBeVisible();
  await expect(dialog.getByText("Enter a whole number from 1 to 100.")).toBeVisible();

  await dialog.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await dialog.getByLabel("Bonus credit").check();
  await dialog.getByLabel("Percent", { exact: true }).fill("10");
  await dialog.getByLabel("Total uses").fill("100");
  expect(await seriousAccessibilityProblems(page, ["[role=dialog]"])).toEqual([]);
  await dialog.getByRole("button", { name: "Create code" }).click();
  await expect(dialog).toBeHidden();
  // The code sits in a left-to-right isolate inside the sentence.
  await expect(page.getByText(new RegExp(`^Code \\W?${code}\\W? created\\.$`))).toBeVisible();

  const row = page.getByRole("row", { name: new RegExp(code) });
  await expect(row.getByRole("cell").nth(1)).toHaveText("10% bonus credit");
  await expect(row.getByText("0 of 100")).toBeVisible();
  await expect(row.getByText("Active")).toBeVisible();

  await row.getByRole("button", { name: `Pause ${code}` }).click();
  await expect(row.getByText("Paused", { exact: true })).toBeVisible();
  await row.getByRole("button", { name: `Resume ${code}` }).click();
  await expect(row.getByText("Active")).toBeVisible();
  await expect(row.getByRole("button", { name: `Pause ${code}` })).toBeVisible();

  // The server agrees, and a customer's quote would apply the code.
  const listed = await page.request.get(new URL("/api/admin/discounts", server.baseURL).href);
  const { discounts } = (await listed.json()) as { discounts: { code: string; kind: string; percent: number; paused: boolean; maxRedemptions: number }[] };
  expect(discounts.find((discount) => discount.code === code)).toMatchObject({ kind: "bonus", percent: 10, paused: false, maxRedemptions: 100 });

  expect(await seriousAccessibilityProblems(page)).toEqual([]);
});

test("the discounts page reads right to left on a phone: cards, no sideways scrolling", async ({ browser, server }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.baseURL });
  const page = await context.newPage();
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  const code = `RTL${randomBytes(3).toString("hex").toUpperCase()}`;
  const created = await page.request.post(new URL("/api/admin/discounts", server.baseURL).href, {
    data: { code, kind: "percent_off", percent: 15, startsAt: null, endsAt: null, maxRedemptions: null, maxPerCustomer: 1, minPurchase: "10" },
    headers: { origin: server.baseURL },
  });
  expect(created.status()).toBe(201);

  await page.goto("/ar/discounts");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "رموز الخصم" })).toBeVisible();
  const card = page.getByRole("list", { name: "رموز الخصم" }).getByRole("listitem").filter({ hasText: code });
  await expect(card.getByRole("button", { name: `إيقاف ${code} مؤقتًا` })).toBeVisible();
  expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(390);
  expect(await seriousAccessibilityProblems(page)).toEqual([]);
  await context.close();
});
