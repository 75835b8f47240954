// Its callbacks to page.evaluate run in the browser.
/// <reference lib="dom" />
import { rmSync } from "node:fs";
import { request as playwrightRequest, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { startProcess, type ServerProcess } from "../scripts/server-process";
import type { CallRowInput } from "../src/server/test/history-calls";
import { BUILT_SERVER, expect, test, type RunningServer, testServerEnv } from "./fixtures";
import { createAdmin, createVerifiedUser, signIn, type TestAccount } from "./support/accounts";
import { seedCalls } from "./support/calls";
import { newDataFolder } from "./support/data-folder";

// The frame every page shares, as a new visitor, a customer and an admin meet it: addresses without
// a language, the start page, tab titles, toasts under the header, and pages no wider than the header.

const finished = (start: string, seconds: number, toNumber: string, countryCode: string): CallRowInput => ({
  startedAt: new Date(start),
  answeredAt: new Date(start),
  endedAt: new Date(new Date(start).getTime() + seconds * 1000),
  durationSeconds: seconds,
  toNumber,
  countryCode,
  ratePerMin: "0.2500",
  billedMinutes: Math.ceil(seconds / 60),
  costUsd: (Math.ceil(seconds / 60) * 0.25).toFixed(4),
});

let serverProcess: ServerProcess;
let server: RunningServer;
let customer: TestAccount;
let admin: TestAccount;
const dataDir = newDataFolder("frame");
const start = () => startProcess(BUILT_SERVER, testServerEnv(dataDir), "/readyz");

test.beforeAll(async () => {
  // Three server starts and a database write on a shared machine.
  test.setTimeout(240_000);
  serverProcess = await start();
  server = { baseURL: serverProcess.url, dataDir, output: () => serverProcess.output() };
  const request = await playwrightRequest.newContext();
  customer = await createVerifiedUser(request, server);
  admin = await createAdmin(request, server);
  await request.dispose();
  await serverProcess.stop();
  // Rows with long numbers and names, so the tables have something to be wide with.
  await seedCalls(dataDir, [
    {
      email: customer.email,
      balance: "12.5",
      calls: Array.from({ length: 6 }, (_, index) => finished(`2026-11-2${index}T10:00:00.000Z`, 95 + index, `+1876210123${index}`, "JM")),
    },
  ]);
  serverProcess = await start();
  server = { baseURL: serverProcess.url, dataDir, output: () => serverProcess.output() };
});

test.afterAll(async () => {
  await serverProcess.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Each account signs in once: its session's cookies are reused by every page opened as it (sign-ins are limited per address). */
const sessions = new Map<TestAccount, Awaited<ReturnType<BrowserContext["storageState"]>>>();

async function pageAs(browser: Browser, account: TestAccount | null, options: { width?: number; height?: number; locale?: string } = {}): Promise<Page> {
  const storageState = account ? sessions.get(account) : undefined;
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: options.locale ?? "en-US",
    timezoneId: "UTC",
    ...(storageState ? { storageState } : {}),
  });
  const page = await context.newPage();
  if (account && !storageState) {
    await signIn(page.request, server, account);
    sessions.set(account, await context.storageState());
  }
  return page;
}

test("an address without a language is the whole 404 page, in the visitor's language, answered 404", async ({ browser }) => {
  const page = await pageAs(browser, null, { locale: "sv-SE" });
  for (const address of ["/login", "/pricing"]) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hoppsan! Sidan hittades inte");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByText("not_found.title")).toHaveCount(0);
    await expect(page).toHaveTitle("Hoppsan! Sidan hittades inte · Dialwise");
    await expect(page.locator("html")).toHaveAttribute("lang", "sv");
    expect(new URL(page.url()).pathname).toBe(address);
  }
  // A way home, in that language.
  await page.getByRole("link", { name: "Tillbaka till startsidan" }).click();
  await expect(page).toHaveURL(/\/sv$/);
  await page.context().close();
});

test("a language prefix in capitals or mixed case opens that language's page, keeping the query", async ({ browser }) => {
  const page = await pageAs(browser, null);
  const upper = await page.goto("/EN");
  expect(upper?.status()).toBe(200);
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Make International Calls at the Lowest Rates");
  await page.goto("/Ar/faq?utm_source=mail");
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/ar/faq?utm_source=mail");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await page.context().close();
});

test("a signed-in customer opening / goes to buying credit; a visitor to the home page", async ({ browser }) => {
  const visitor = await pageAs(browser, null);
  await visitor.goto("/");
  await expect(visitor).toHaveURL(/\/en$/);
  await visitor.context().close();
  const page = await pageAs(browser, customer);
  await page.goto("/");
  await expect(page).toHaveURL(/\/en\/phone$/);
  await page.context().close();
});

test("private and admin pages opened directly carry their translated title", async ({ browser }) => {
  const page = await pageAs(browser, customer);
  for (const [address, title] of [
    ["/en/history", "Call history · Dialwise"],
    ["/ar/history", "سجل المكالمات · Dialwise"],
    ["/en/payments", "Payments · Dialwise"],
    ["/sv/profile", "Din profil · Dialwise"],
  ]) {
    await page.goto(address!);
    await expect(page, address).toHaveTitle(title!);
  }
  await page.context().close();
  const adminPage = await pageAs(browser, admin);
  for (const [address, title] of [
    ["/en/credit-audit", "Credit audit · Dialwise"],
    ["/en/calls", "Calls · Dialwise"],
    ["/de/discounts", "Rabattcodes · Dialwise"],
  ]) {
    await adminPage.goto(address!);
    await expect(adminPage, address).toHaveTitle(title!);
  }
  await adminPage.context().close();
});

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  for (const language of ["en", "ar"]) {
    test(`a toast never covers the header (${width}×${height}, ${language})`, async ({ browser }, testInfo) => {
      const page = await pageAs(browser, customer, { width, height });
      // The sign-in page's notice for a failed Google sign-in, shown while a signed-in customer is sent on to buying credit.
      await page.goto(`/${language}/auth?error=access_denied`);
      await expect(page).toHaveURL(new RegExp(`/${language}/phone$`));
      const toast = page.locator("[data-sonner-toast]");
      await expect(toast).toBeVisible();
      if (width > 600) await expect(page.getByRole("banner").getByText(/12\.50/)).toBeVisible();
      // Measured where the toast comes to rest: it slides in, and a box taken mid-slide is not where it stays.
      await toast.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined))));
      const header = await page.getByRole("banner").boundingBox();
      const box = await toast.boundingBox();
      await page.screenshot({ path: testInfo.outputPath(`toast-${language}-${width}.png`) });
      expect(header).not.toBeNull();
      expect(box).not.toBeNull();
      expect(box!.y, "the toast starts below the header").toBeGreaterThanOrEqual(header!.y + header!.height);
      expect(box!.x, "the toast is on screen").toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, "the toast is on screen").toBeLessThanOrEqual(width);
      await page.context().close();
    });
  }
}

const CUSTOMER_TABLES = ["history", "payments"];
const ADMIN_TABLES = ["calls", "admin-payments", "credit-audit", "discounts", "country-rates", "blogs", "dashboard"];

/** How far the page's content and its tables reach beyond the header's own width, and whether the page scrolls sideways. */
async function overhang(page: Page) {
  return page.evaluate(() => {
    const frame = document.querySelector("header > div")!.getBoundingClientRect();
    const boxes = [document.querySelector("main")!, ...document.querySelectorAll("main [role=region]")].map((element) => element.getBoundingClientRect());
    return {
      start: Math.max(0, ...boxes.map((box) => frame.left - box.left)),
      end: Math.max(0, ...boxes.map((box) => box.right - frame.right)),
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  });
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  for (const language of ["en", "ar"]) {
    test(`table pages are no wider than the header and footer (${width}×${height}, ${language})`, async ({ browser }) => {
      // Nine pages, each opened fresh.
      test.setTimeout(240_000);
      for (const [account, pages] of [
        [customer, CUSTOMER_TABLES],
        [admin, ADMIN_TABLES],
      ] as const) {
        const page = await pageAs(browser, account, { width, height });
        for (const name of pages) {
          await page.goto(`/${language}/${name}`);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          // The rows are in (or the page says it has none) before anything is measured.
          await expect(page.locator("main [aria-busy=true]")).toHaveCount(0);
          expect(await overhang(page), `/${language}/${name}`).toEqual({ start: 0, end: 0, sideways: 0 });
        }
        await page.context().close();
      }
    });
  }
}
