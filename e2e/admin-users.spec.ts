import { expect, test } from "./fixtures";
import { createAdmin, signIn } from "./support/accounts";
import { seriousAccessibilityProblems } from "./support/accessibility";

/** The users list on a phone, in Arabic. The whole back-office journey is back-office-journey.spec.ts. */
test("the users list works on a phone in Arabic", async ({ browser, server }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.baseURL });
  const page = await context.newPage();
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  await page.goto("/ar/users");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("المستخدمون");
  await expect(page.getByRole("list", { name: "الحسابات" })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(390);
  expect(await seriousAccessibilityProblems(page)).toEqual([]);
  await context.close();
});
