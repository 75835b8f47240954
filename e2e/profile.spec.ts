import { appRunning, expect, testWithOwnServer as test } from "./fixtures";
import { parseMoney } from "../src/shared/money";
import { createVerifiedUser, signIn } from "./support/accounts";
import { MICROPHONE_LAUNCH, startFundedServer, type FundedServer } from "./support/funded-server";

/**
 * The profile's controls, end to end on the built server: a daily spending limit the confirm
 * dialog promises by, the preferred language a second device switches to at sign-in, and
 * deleting an account, after which it cannot sign in.
 */
test.use({ launchOptions: MICROPHONE_LAUNCH });

let funded: FundedServer;
test.beforeAll(async () => {
  // Two server starts and the grant script: on a busy machine this outlasts the default.
  test.setTimeout(240_000);
  funded = await startFundedServer(["5"]);
});
test.afterAll(async () => funded?.stop());

/** The dialog's text without the direction isolates amounts sit in (U+2066 … U+2069). */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, "");

test("a customer sets a daily spending limit and the confirm dialog promises only what it leaves", async ({ page }) => {
  test.setTimeout(120_000);
  const base = funded.running.baseURL;
  await signIn(page.request, funded.running, funded.accounts[0]!);
  await page.goto(`${base}/en/profile`);
  const spending = page.getByRole("region", { name: "Spending" });
  await spending.getByLabel("Daily spending limit (USD)").fill("1");
  await spending.getByRole("button", { name: "Save spending settings" }).click();
  await expect(page.getByText("Your spending settings are saved.")).toBeVisible();
  // Amounts sit in direction isolates inside the sentence (U+2068 … U+2069).
  await expect(spending).toContainText(/Spent today: \u2068?\$0\.00\u2069?\./);

  await page.goto(`${base}/en`);
  const section = page.locator("#call");
  await expect(section.getByText("Ready to call")).toBeVisible({ timeout: 15_000 });
  await section.getByLabel("Phone number").fill("2025550123");
  await section.getByRole("button", { name: "Start Call" }).click();
  const dialog = page.getByRole("dialog", { name: "Start this call?" });
  await expect(dialog).toContainText("Daily limit");
  const text = plain(await dialog.innerText());
  expect(text).toContain("$1.00 a day, $0.00 spent today");
  // $5.00 would buy far more; the limit's $1.00 buys its whole minutes at the rate shown.
  const rate = parseMoney(/\$(\d+\.\d{4}) per minute/.exec(text)?.[1] ?? "");
  expect(rate).toBeGreaterThan(0);
  expect(text).toContain(`up to ${Math.floor(10_000 / rate)} min, what your daily limit leaves`);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

test("the preferred language follows the person to another device at sign-in", async ({ page, browser }) => {
  const base = funded.running.baseURL;
  const account = await createVerifiedUser(page.request, funded.running);
  await signIn(page.request, funded.running, account);
  await page.goto(`${base}/en/profile`);
  const details = page.getByRole("region", { name: "Name and language" });
  await details.getByLabel("Preferred language").selectOption("de");
  await details.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/de\/profile$/);
  await expect(page.getByRole("heading", { name: "Ihr Profil" })).toBeVisible();

  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await other.goto(`${base}/en/auth`);
    await appRunning(other);
    await other.getByLabel("Email").fill(account.email);
    await other.getByLabel("Password").fill(account.password);
    await other.getByRole("button", { name: "Sign In" }).last().click();
    await expect(other).toHaveURL(/\/de\/phone$/);
  } finally {
    await elsewhere.close();
  }
});

test("a customer deletes their account with typed confirmation and cannot sign in afterwards", async ({ page }) => {
  const base = funded.running.baseURL;
  const account = await createVerifiedUser(page.request, funded.running);
  await signIn(page.request, funded.running, account);
  await page.goto(`${base}/en/profile`);
  const section = page.getByRole("region", { name: "Delete account" });
  await expect(section).toContainText("kept without your name or email address");
  await section.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  const confirm = dialog.getByRole("button", { name: "Delete for good" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(/To confirm, type your email address/).fill(account.email);
  await confirm.click();
  await expect(page).toHaveURL(new RegExp(`^${base}/en$`));
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();

  await page.goto(`${base}/en/auth`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).last().click();
  await expect(page.getByText("The email or password is not correct.")).toBeVisible();
  await expect(page).toHaveURL(/\/en\/auth/);
});
