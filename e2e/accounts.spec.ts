import { expect, test } from "./fixtures";
import { countMail, createAdmin, createVerifiedUser, readMail, signIn, uniqueEmail } from "./support/accounts";

test("a person signs up, confirms their email from the outbox, logs out and logs in again", async ({ page, server }) => {
  const email = uniqueEmail("signup");
  const password = "Harbour-Lights-42";
  await page.goto("/en/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await expect(page.getByText("Password strength: Strong")).toBeVisible();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  // An unconfirmed account cannot sign in yet: it is offered the verification email again.
  await page.goto("/en/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).last().click();
  await expect(page.getByText(`Please confirm your email first. We sent a link to ${email}.`)).toBeVisible();
  const before = countMail(server, email, "verify_email");
  await page.getByRole("button", { name: "Resend verification email" }).click();
  const link = await readMail(server, email, "verify_email", { after: before });

  await page.goto(link);
  await expect(page.getByText("Email Verified")).toBeVisible();
  // Following the link signs the person in; the sign-in page sends them on to buying credit (the spec's start page).
  await expect(page).toHaveURL(/\/en\/phone$/);
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();

  await page.goto("/en/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).last().click();
  await expect(page).toHaveURL(/\/en\/phone$/);
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
});

test("a person resets a forgotten password, and a used link says it is invalid", async ({ page, server, request }) => {
  const account = await createVerifiedUser(request, server);
  await page.goto("/en/auth");
  await page.getByRole("button", { name: "Forgot your password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset your password" });
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByRole("button", { name: "Send reset link" }).click();
  await expect(dialog.getByText(`If an account exists for ${account.email}`)).toBeVisible();

  const link = await readMail(server, account.email, "reset_password");
  await page.goto(link);
  await expect(page).toHaveURL(/\/en\/reset-password\?token=/);
  const resetUrl = page.url();
  await page.getByLabel("New password", { exact: true }).fill("Brand-New-Secret-7");
  await page.getByLabel("Repeat the new password").fill("Brand-New-Secret-7");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/en\/auth$/);

  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("Brand-New-Secret-7");
  await page.getByRole("button", { name: "Sign In" }).last().click();
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();

  // The token worked once; reusing it is refused.
  await page.goto(resetUrl);
  await page.getByLabel("New password", { exact: true }).fill("Another-Secret-8");
  await page.getByLabel("Repeat the new password").fill("Another-Secret-8");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Link expired or invalid")).toBeVisible();
});

test("signing up with a taken address looks like any sign-up, and the owner's note leads back into the account", async ({ page, server, request }) => {
  const account = await createVerifiedUser(request, server);
  await page.goto("/en/signup");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill("Someone-Else-11");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText(`We sent a confirmation link to ${account.email}.`)).toBeVisible();
  await expect(page.getByText("If this address already has an account, the email tells you how to sign in instead.")).toBeVisible();

  // The note's last link chooses a new password.
  const reset = await readMail(server, account.email, "existing_account");
  await page.goto(reset);
  await expect(page).toHaveURL(/\/en\/reset-password\?token=/);
  await page.getByLabel("New password", { exact: true }).fill("Chosen-Anew-12");
  await page.getByLabel("Repeat the new password").fill("Chosen-Anew-12");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/en\/auth$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("Chosen-Anew-12");
  await page.getByRole("button", { name: "Sign In" }).last().click();
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
});

test("a signed-in customer is sent home from an admin page, and back to the page they wanted after signing in", async ({ page, server }) => {
  const account = await createVerifiedUser(page.request, server);
  await page.goto("/en/profile");
  await expect(page).toHaveURL(/\/en\/auth$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).last().click();
  await expect(page).toHaveURL(/\/en\/profile$/);
  await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();

  await page.goto("/en/users");
  await expect(page).toHaveURL(/\/en$/);
});

test("an administrator reaches the dashboard and sees admin links only", async ({ page, server }) => {
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  await page.goto("/en/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Figures" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Dialwise/ })).toHaveCount(0);
});

test("the sign-in page works in Arabic, right to left", async ({ page }) => {
  await page.goto("/ar/auth");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("tab", { name: "تسجيل الدخول" })).toBeVisible();
});
