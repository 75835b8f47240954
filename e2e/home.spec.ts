import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { seriousAccessibilityProblems } from "./support/accessibility";
import { createVerifiedUser, signIn } from "./support/accounts";

// The expected wording is read from the shipped translation files, not from the page's code.
const strings = (language: string, file: string) =>
  JSON.parse(readFileSync(new URL(`../data/translations/${language}/${file}.json`, import.meta.url), "utf8")) as Record<string, string>;
const en = { ...strings("en", "core"), ...strings("en", "home"), ...strings("en", "shell") };
const ar = { ...strings("ar", "core"), ...strings("ar", "home") };
const text = (table: Record<string, string>, key: string) => {
  const value = table[key];
  if (value === undefined) throw new Error(`no string ${key}`);
  return value;
};

test.describe("a visitor on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("sees every section of the landing page, in order, with no serious accessibility problems", async ({ page }) => {
    await page.goto("/en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(en, "hero.title"));
    await expect(page.getByText(text(en, "hero.subtitle"))).toBeVisible();
    const main = page.getByRole("main");
    const headings = [
      "Make a call",
      text(en, "index.trust.heading"),
      text(en, "index.how.heading"),
      text(en, "index.features.heading"),
      text(en, "index.examples.heading"),
      text(en, "index.cta.heading"),
      text(en, "index.comparison.heading"),
      "Price simulator",
      text(en, "index.faq.heading"),
    ];
    await expect(main.getByRole("heading", { level: 2 })).toHaveText(headings);

    // The trust indicator counts the countries the rates API prices.
    const countries = ((await (await page.request.get("/api/rates/countries")).json()) as { countries: unknown[] }).countries.length;
    await expect(page.getByRole("region", { name: text(en, "index.trust.heading") })).toContainText(`${countries}${text(en, "index.trust.countries")}`);

    // Examples say so, and name nobody.
    const examples = page.getByRole("region", { name: text(en, "index.examples.heading") });
    await expect(examples.getByText(text(en, "index.examples.intro"))).toBeVisible();
    await expect(examples.getByText(text(en, "index.examples.label"), { exact: true })).toHaveCount(3);

    // The comparison's prices are the rates API's.
    const api = ((await (await page.request.get("/api/rates/countries")).json()) as { countries: { country_code: string; our_cheapest_rate: string }[] }).countries;
    const india = api.find((row) => row.country_code === "IN")!;
    const indiaRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "India" }) });
    await expect(indiaRow).toContainText(`from $${Number(india.our_cheapest_rate).toFixed(2)} to`);

    await expect(page.getByRole("link", { name: text(en, "index.cta.sign_up") })).toHaveAttribute("href", "/en/signup");
    await expect(page.getByRole("link", { name: text(en, "index.faq.all") })).toHaveAttribute("href", "/en/faq");
    await expect(page.getByRole("button", { name: "How are calls billed?" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();

    // Nothing is wider than the phone.
    expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(390);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
  });

  test("in Arabic reads right to left, in Arabic", async ({ page }) => {
    await page.goto("/ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(ar, "hero.title"));
    await expect(page.getByRole("heading", { level: 2, name: text(ar, "index.how.heading") })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: text(ar, "index.comparison.heading") })).toBeVisible();
    await expect(page.getByText(text(ar, "index.examples.label"), { exact: true })).toHaveCount(3);
    // The step numbers sit on the start side: the right in Arabic.
    const step = page.getByRole("heading", { level: 3, name: text(ar, "index.how.account.title") });
    const number = step.locator("xpath=ancestor::li[1]/span");
    // Read once both are laid out: a box is null while the app takes the section over.
    await expect(step).toBeVisible();
    await expect(number).toBeVisible();
    await expect
      .poll(async () => {
        const [stepBox, numberBox] = [await step.boundingBox(), await number.boundingBox()];
        return stepBox !== null && numberBox !== null && numberBox.x > stepBox.x;
      })
      .toBe(true);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
  });
});

test.describe("the header's Rates link", () => {
  const simulator = "#price-simulator";

  test("scrolls down to the price simulator on home", async ({ page }) => {
    await page.goto("/en");
    await expect(page.locator(simulator)).not.toBeInViewport();
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Rates" }).click();
    await expect(page.locator(simulator)).toBeInViewport();
    expect(Number(await page.evaluate("window.scrollY"))).toBeGreaterThan(500);
  });

  test("from another page goes home and scrolls to the simulator", async ({ page }) => {
    await page.goto("/en/faq");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Rates" }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.locator(simulator)).toBeInViewport();
    // Still there once everything has loaded: nothing above it grew after the scroll.
    await page.waitForLoadState("networkidle");
    // Two frames: whatever the last answers changed has been laid out.
    await page.evaluate("new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))");
    await expect(page.locator(simulator)).toBeInViewport();
  });
});

test("a signed-in customer sees their balance first, and Buy credits opens the phone page", async ({ page, server }) => {
  const customer = await createVerifiedUser(page.request, server);
  await signIn(page.request, server, customer);
  // $5 through the local checkout's API, as its card page would pay it.
  const checkout = await page.request.post("/api/payments/checkout", { data: { amount: "5" }, headers: { origin: server.baseURL } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const session = new URL(((await checkout.json()) as { url: string }).url).searchParams.get("session");
  const paid = await page.request.post(`/api/local-checkout/sessions/${session}/pay`, { data: { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" }, headers: { origin: server.baseURL } });
  expect(paid.status(), await paid.text()).toBe(200);

  await page.goto("/en");
  const card = page.getByRole("region", { name: text(en, "index.balance.heading") });
  await expect(card).toContainText("$5.00");
  await expect(page.getByTestId("header-balance")).toContainText("$5.00");
  // The customer's view: the dialler without its heading, the facts and the simulator; none of the visitor's sales sections.
  await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([text(en, "index.trust.heading"), "Price simulator"]);
  await expect(page.getByRole("region", { name: "Make a call" })).toBeVisible();
  expect(await seriousAccessibilityProblems(page)).toEqual([]);

  await card.getByRole("link", { name: "Buy credits" }).click();
  await expect(page).toHaveURL(/\/en\/phone$/);
  await expect(page.getByRole("heading", { level: 1, name: "Buy credits" })).toBeVisible();
});
