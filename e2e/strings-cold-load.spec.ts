import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createAdmin, signIn } from "./support/accounts";

/**
 * No language is in the web bundle: the bare shell of a private page asks for its first strings
 * (and English's) and each page for its own. Whatever a person sees meanwhile is a spinner, never
 * a key: every text the page ever showed is recorded from the first byte and checked against the key names.
 */
const englishDir = path.resolve(import.meta.dirname, "../data/translations/en");
const KEYS = new Set(
  readdirSync(englishDir)
    .flatMap((file) => Object.keys(JSON.parse(readFileSync(path.join(englishDir, file), "utf8")) as Record<string, string>))
    .map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")),
);

/** Records every text and label the document shows, from before the first script runs (browser code, so a string). */
const RECORD_TEXTS = `
  const seen = (window.seenTexts = []);
  const note = (node) => {
    if (node.textContent) seen.push(node.textContent);
    if (node instanceof Element)
      for (const el of [node, ...node.querySelectorAll("[aria-label], [placeholder], [title], [alt]")])
        for (const name of ["aria-label", "placeholder", "title", "alt"]) seen.push(el.getAttribute(name) ?? "");
  };
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.type === "characterData" || change.type === "attributes") note(change.target);
      change.addedNodes.forEach(note);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
`;

async function rawKeysShown(page: Page): Promise<string[]> {
  const texts = (await page.evaluate("window.seenTexts.concat(document.body.innerText)")) as string[];
  const shown = new Set<string>();
  for (const text of texts) for (const word of text.match(/[a-z_]+(\.[a-z0-9_]+)+/g) ?? []) if (KEYS.has(word)) shown.add(word);
  return [...shown];
}

const PAGES: [path: string, heading: string | RegExp][] = [
  ["/en/profile", "Your profile"],
  ["/en/history", "Call history"],
  ["/en/payments", /Payments/],
  ["/en/phone", /./],
  ["/en/account", "Oops! Page not found"],
  ["/en/dashboard", "Dashboard"],
  ["/en/country-rates", /./],
  ["/en/discounts", /./],
  ["/en/admin-payments", /./],
  ["/en/credit-audit", /./],
  ["/en/calls", /./],
  ["/en/blogs", /./],
  ["/en/admin-support", "Support inbox"],
];

test("private pages show English, never keys, on a cold load after sign-in, asking only for the strings they need", async ({ browser, server }) => {
  test.setTimeout(180_000);
  const setup = await browser.newContext({ baseURL: server.baseURL });
  const admin = await createAdmin(setup.request, server);
  // Signed in once: each page's context starts with only the session's cookies.
  await signIn(setup.request, server, admin);
  const session = await setup.storageState();
  await setup.close();

  for (const [address, heading] of PAGES) {
    // A new context each time: no cached strings, no HTTP cache, as on a first visit.
    const context = await browser.newContext({ baseURL: server.baseURL, storageState: session });
    const page = await context.newPage();
    await page.addInitScript({ content: RECORD_TEXTS });
    const stringRequests: URL[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/i18n/")) stringRequests.push(url);
    });
    await page.goto(address);
    await expect(page.getByRole("heading", { level: 1, name: heading }), address).toBeVisible();
    await expect(page.locator("html"), address).toHaveAttribute("lang", "en");
    expect(await rawKeysShown(page), address).toEqual([]);
    // Every request for strings names its prefixes: the first screens never fetch a whole language.
    expect(stringRequests.length, address).toBeGreaterThan(0);
    for (const url of stringRequests) expect(url.searchParams.get("prefixes"), `${address}: ${url.href}`).toBeTruthy();
    await context.close();
  }
});
