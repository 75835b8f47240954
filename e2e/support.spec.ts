import { randomBytes } from "node:crypto";
import { expect, test, type RunningServer } from "./fixtures";
import { seriousAccessibilityProblems } from "./support/accessibility";
import { createAdmin, createVerifiedUser, signIn, uniqueEmail } from "./support/accounts";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The subject line the local outbox printed for the latest email to `to` whose subject matches, waiting for it. */
async function outboxSubject(server: RunningServer, to: string, subject: RegExp): Promise<string> {
  const pattern = new RegExp(`^│ To ${escapeRegExp(to)}: (.+)$`, "gm");
  let found: string | undefined;
  await expect
    .poll(() => {
      found = [...server.output().matchAll(pattern)].map((match) => match[1] ?? "").filter((line) => subject.test(line)).at(-1);
      return found;
    }, { timeout: 15_000 })
    .toBeTruthy();
  return found ?? "";
}

/** Whether the outbox printed a link line of `kind` to `to` (`│ [mail] <kind> to <address>: <link>`). */
const mailedLink = (server: RunningServer, to: string, kind: string) => new RegExp(`^│ \\[mail\\] ${kind} to ${escapeRegExp(to)}: (\\S+)$`, "m").exec(server.output())?.[1];

test("a customer writes to support, an admin answers from another browser, and the customer's badge counts the reply live until the page is opened", async ({ page, browser, server }) => {
  const customer = await createVerifiedUser(page.request, server);
  await signIn(page.request, server, customer);
  const question = `My call to Jamaica dropped ${randomBytes(3).toString("hex")}`;

  await page.goto("/en/support");
  await expect(page.getByRole("heading", { level: 2, name: "Your conversation with the support team" })).toBeVisible();
  await expect(page.getByText("No messages yet. Tell us how we can help.")).toBeVisible();
  await page.getByLabel("Your message").fill(question);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("log", { name: "Messages" }).getByText(question)).toBeVisible();
  await expect(page.getByLabel("Your message")).toHaveValue("");

  // Elsewhere on the site, with a marker that a reload would wipe.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "History" }).click();
  await expect(page).toHaveURL(/\/en\/history$/);
  await page.evaluate("window.stillTheSamePage = true");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByTestId("support-unread-badge")).toHaveCount(0);

  const adminContext = await browser.newContext({ baseURL: server.baseURL });
  const adminPage = await adminContext.newPage();
  const admin = await createAdmin(adminPage.request, server);
  // Signing in through the form lands an admin in the support inbox (spec: Redirects).
  await adminPage.goto("/en/auth");
  await adminPage.getByLabel("Email").fill(admin.email);
  await adminPage.getByLabel("Password").fill(admin.password);
  await adminPage.getByRole("button", { name: "Sign In" }).last().click();
  await expect(adminPage).toHaveURL(/\/en\/admin-support$/);
  await expect(adminPage.getByRole("heading", { level: 1, name: "Support inbox" })).toBeVisible();
  await expect(adminPage.getByTestId("admin-logo")).toHaveAttribute("href", "/en/admin-support");

  await adminPage.getByLabel("Search conversations").fill(customer.email);
  await adminPage.getByRole("button", { name: "Search" }).click();
  await adminPage.getByRole("list", { name: "Conversations" }).getByRole("button", { name: new RegExp(escapeRegExp(question)) }).click();
  await expect(adminPage.getByRole("log", { name: "Messages" }).getByText(question)).toBeVisible();
  await expect(adminPage.getByRole("complementary", { name: "Account" })).toContainText("No calls yet.");
  expect(await seriousAccessibilityProblems(adminPage)).toEqual([]);
  await adminPage.getByLabel("Your reply").fill("Sorry about that! We have refunded the minute.");
  await adminPage.getByRole("button", { name: "Send reply" }).click();
  await expect(adminPage.getByRole("log", { name: "Messages" }).getByText("Sorry about that! We have refunded the minute.")).toBeVisible();

  // The reply arrives over the live stream: the badge shows 1 on the same page, never reloaded.
  await expect(nav.getByTestId("support-unread-badge")).toHaveText(/^1/);
  expect(await page.evaluate("window.stillTheSamePage")).toBe(true);

  // The More menu opens on hover (spec: Header).
  await nav.getByRole("button", { name: /^More/ }).hover();
  await page.getByRole("menuitem", { name: /^Contact support/ }).click();
  await expect(page).toHaveURL(/\/en\/support$/);
  await expect(page.getByRole("log", { name: "Messages" }).getByText("Sorry about that! We have refunded the minute.")).toBeVisible();
  await expect(nav.getByTestId("support-unread-badge")).toHaveCount(0);
  const unread = await page.request.get(new URL("/api/support/unread", server.baseURL).href);
  expect(await unread.json()).toEqual({ count: 0 });
  expect(await seriousAccessibilityProblems(page)).toEqual([]);
  await adminContext.close();
});

test("a visitor's ticket is confirmed with a reference and answered by email", async ({ page, browser, server }) => {
  const email = uniqueEmail("visitor");
  const subject = `Billing question ${randomBytes(3).toString("hex")}`;
  await page.goto("/en/support");
  await expect(page.getByRole("heading", { level: 2, name: "How to reach us" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Read the FAQ" })).toHaveAttribute("href", "/en/faq");
  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Enter your email address.")).toBeVisible();
  await page.getByLabel("Your email").fill(email);
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("How are calls billed?\nPer second or per minute?");
  await page.getByRole("button", { name: "Send message" }).click();
  const reference = (await page.getByTestId("ticket-reference").textContent()) ?? "";
  expect(reference).toMatch(/^DW-[A-Z0-9]{8}$/);
  expect(await outboxSubject(server, email, new RegExp(escapeRegExp(reference)))).toBe(`We have your message [${reference}]`);
  expect(mailedLink(server, email, "support_ticket_received")).toBe(new URL("/en/support", server.baseURL).href);

  const adminContext = await browser.newContext({ baseURL: server.baseURL });
  const adminPage = await adminContext.newPage();
  const admin = await createAdmin(adminPage.request, server);
  await signIn(adminPage.request, server, admin);
  await adminPage.goto("/en/admin-support");
  await adminPage.getByLabel("Search conversations").fill(reference);
  await adminPage.getByRole("button", { name: "Search" }).click();
  await adminPage.getByRole("list", { name: "Conversations" }).getByRole("button", { name: new RegExp(subject) }).click();
  await adminPage.getByLabel(`Your reply (sent by email to ${email})`).fill("Per started minute: a 61-second call is billed as 2 minutes.");
  await adminPage.getByRole("button", { name: "Send reply" }).click();
  await expect(adminPage.getByRole("log", { name: "Messages" }).getByText("Per started minute")).toBeVisible();

  expect(await outboxSubject(server, email, /^Re: /)).toBe(`Re: ${subject} [${reference}]`);
  expect(mailedLink(server, email, "support_reply")).toBe(new URL("/en/support", server.baseURL).href);

  await adminPage.getByRole("button", { name: "Close", exact: true }).click();
  await expect(adminPage.getByRole("button", { name: "Reopen" })).toBeVisible();
  // It leaves the open conversations the inbox starts with, and is found among the closed ones.
  await expect(adminPage.getByRole("list", { name: "Conversations" })).toHaveCount(0);
  await adminPage.getByLabel("Status").selectOption("closed");
  await expect(adminPage.getByRole("list", { name: "Conversations" }).getByRole("button", { name: new RegExp(subject) })).toContainText("Closed");
  await adminContext.close();
});

test("the support page reads right to left on a phone, and its menu carries Contact support", async ({ browser, server }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.baseURL });
  const page = await context.newPage();
  await page.goto("/ar/support");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1, name: "الدعم" })).toBeVisible();
  expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(390);
  expect(await seriousAccessibilityProblems(page)).toEqual([]);
  await page.getByRole("button", { name: "القائمة" }).click();
  await expect(page.getByRole("dialog").getByRole("link", { name: "التواصل مع الدعم" })).toHaveAttribute("href", "/ar/support");
  await context.close();
});
