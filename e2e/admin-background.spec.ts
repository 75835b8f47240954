import { expect, test } from "./fixtures";
import { seriousAccessibilityProblems } from "./support/accessibility";
import { createAdmin, signIn } from "./support/accounts";

test("an admin sees the background work: the mail queue with what it sent, no failed jobs, and provider events", async ({ page, server }) => {
  // Creating the admin sends a verification email through the queue (the outbox's log line is how we read it).
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);

  await page.goto("/en/dashboard");
  const section = page.getByRole("region", { name: "Background work" });
  await expect(section.getByRole("heading", { level: 2 })).toHaveText("Background work");
  const emails = section.getByRole("region", { name: "Job queues" }).getByRole("row", { name: /Emails/ });
  await expect(emails).toBeVisible();
  // Waiting 0, running 0, retrying 0, failed 0, and at least the admin's own email done.
  const cells = emails.getByRole("cell");
  await expect(cells.nth(0)).toHaveText("0");
  await expect(cells.nth(3)).toHaveText("0");
  expect(Number(await cells.nth(4).textContent())).toBeGreaterThanOrEqual(1);
  await expect(section.getByText("No failed jobs.")).toBeVisible();
  await expect(section.getByRole("heading", { name: "Provider events" })).toBeVisible();
  await expect(section.getByRole("button", { name: "Problems only" })).toHaveAttribute("aria-pressed", "false");
});

test("the background work section reads right to left on a phone and has no serious accessibility problems", async ({ browser, server }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.baseURL });
  const page = await context.newPage();
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  await page.goto("/ar/dashboard");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const section = page.getByRole("region", { name: "المهام في الخلفية" });
  // The mail queue's row ("Emails"), not the two other queues whose names begin with the same words.
  await expect(section.getByRole("row", { name: /^رسائل البريد الإلكتروني [0-9٠-٩]/ })).toBeVisible();
  await expect(section.getByText("لا توجد مهام فاشلة.")).toBeVisible();
  expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(390);

  expect(await seriousAccessibilityProblems(page)).toEqual([]);
  await context.close();
});

test("the job queues' table fits its card on a desktop, left to right and right to left", async ({ browser, server }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: server.baseURL });
  const page = await context.newPage();
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  // English and Arabic overflowed their card at 1280 px; German has the longest headings.
  for (const [language, label] of [
    ["en", "Job queues"],
    ["ar", "قوائم انتظار المهام"],
    ["de", "Warteschlangen"],
  ] as const) {
    await page.goto(`/${language}/dashboard`);
    const queues = page.getByRole("region", { name: label });
    await expect(queues.getByRole("row").nth(1)).toBeVisible();
    const widths = await queues.evaluate((region) => ({ table: region.scrollWidth, box: region.clientWidth }));
    expect(widths.table, language).toBeLessThanOrEqual(widths.box);
  }
  await context.close();
});

test("an admin sees the business's figures and its charts, right to left on a tablet too", async ({ browser, server }) => {
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 }, baseURL: server.baseURL });
  const page = await context.newPage();
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);

  await page.goto("/en/dashboard?period=30d");
  const figures = page.getByRole("region", { name: "Figures" });
  await expect(figures.locator('[data-figure="sign_ups"]')).toContainText("Sign-ups");
  await expect(figures.locator('[data-figure="revenue"]')).toContainText("$0.00");
  await expect(page.getByRole("button", { name: "Last 30 days" })).toHaveAttribute("aria-pressed", "true");
  // The charts arrive in their own chunk and draw an SVG each; their numbers are in tables for screen readers.
  const perDay = page.getByRole("figure", { name: "Calls and minutes per day" });
  await expect(perDay.locator("svg.recharts-surface").first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Calls and minutes per day" }).getByRole("row")).toHaveCount(31);

  await page.goto("/ar/dashboard");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("region", { name: "الأرقام" }).locator('[data-figure="calls_placed"]')).toContainText("المكالمات الصادرة");
  await expect(page.getByRole("figure", { name: "الإيرادات والهامش يوميًا" }).locator("svg.recharts-surface").first()).toBeVisible();
  expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(820);
  expect(await seriousAccessibilityProblems(page)).toEqual([]);
  await context.close();
});
