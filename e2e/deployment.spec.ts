import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { startCluster, type Cluster } from "../scripts/local-cluster.js";
import { openEventStream, type EventStreamClient } from "../src/server/test/event-stream-client";
import { databaseUrlFor, withAdminClient } from "../src/server/test/postgres-admin";
import { moneyToDecimal, parseMoney } from "../src/shared/money";
import { expect, testWithOwnServer as test, type RunningServer } from "./fixtures";
import { createAdmin, createVerifiedUser, signIn, type TestAccount } from "./support/accounts";
import { MICROPHONE_LAUNCH } from "./support/funded-server";

/**
 * The deployment of deploy/compose.yaml, as processes: three built servers on one PostgreSQL
 * behind nginx running the repository's own configuration (scripts/local-cluster.js). Browsers
 * use the proxy's address only; the test also holds an event stream on each instance directly,
 * so every instance is shown to hear what happened on the others. One instance is stopped with
 * SIGTERM in the middle, while writes are in flight.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

/** The production outbox's JSON lines, written as the lines support/accounts.ts reads from a developer's log. */
function mailLines(output: string): string {
  const lines: string[] = [];
  for (const line of output.split("\n")) {
    if (!line.includes('"links"')) continue;
    const entry = JSON.parse(line) as { kind?: string; to?: string; links?: string[] };
    for (const link of entry.links ?? []) lines.push(`│ [mail] ${entry.kind} to ${entry.to}: ${link}`);
  }
  return lines.join("\n");
}
test.use({ launchOptions: MICROPHONE_LAUNCH });

// The instances share a PostgreSQL database: the embedded one belongs to a single process.
if (adminUrl) {
  test.describe("three instances behind a proxy", () => {
    test.describe.configure({ mode: "serial", timeout: 180_000 });

    const databaseName = `dialwise_cluster_${randomBytes(4).toString("hex")}`;
    let cluster: Cluster;
    let site: RunningServer;
    let customer: TestAccount;
    let admin: TestAccount;

    test.beforeAll(async ({ playwright }) => {
      test.setTimeout(180_000);
      await withAdminClient(adminUrl, (client) => client.query(`create database ${databaseName}`));
      const databaseUrl = databaseUrlFor(adminUrl, databaseName);
      cluster = await startCluster({ databaseUrl });
      // The outbox prints each email on the instance that sent it (a JSON line in production): read them all.
      site = { baseURL: cluster.url, dataDir: "", output: () => cluster.instances.map((instance) => mailLines(instance.output())).join("\n") };
      const request = await playwright.request.newContext();
      customer = await createVerifiedUser(request, site);
      admin = await createAdmin(request, site);
      await request.dispose();
      // The operator's script writes to the shared database while the instances run.
      const grant = spawnSync(process.execPath, [path.resolve(import.meta.dirname, "../dist/server/credits-grant.js"), "--email", customer.email, "--amount", "5", "--reason", "deployment test"], {
        env: { ...process.env, DATABASE_URL: databaseUrl },
        encoding: "utf8",
      });
      if (grant.status !== 0) throw new Error(`credits:grant failed: ${grant.stdout}${grant.stderr}`);
    });
    test.afterAll(async () => {
      await cluster?.stop();
      await withAdminClient(adminUrl, (client) => client.query(`drop database if exists ${databaseName} with (force)`));
    });

    async function signedInPage(context: BrowserContext, account: TestAccount): Promise<Page> {
      const page = await context.newPage();
      await signIn(page.request, site, account);
      return page;
    }

    async function cookieOf(context: BrowserContext): Promise<string> {
      return (await context.cookies(cluster.url)).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
    }

    const named = (stream: EventStreamClient, event: string) => stream.received.filter((received) => received.event === event);

    test("a call, a price change and a support reply reach every browser, with an instance stopped midway", async ({ browser }) => {
      const first = await browser.newContext({ baseURL: cluster.url, permissions: ["microphone"] });
      const second = await browser.newContext({ baseURL: cluster.url });
      const caller = await signedInPage(first, customer);
      const watcher = await signedInPage(second, customer);
      const third = await browser.newContext({ baseURL: cluster.url });
      const adminRequest = third.request;
      await signIn(adminRequest, site, admin);

      // One stream held on each instance, besides the browsers' own through the proxy.
      const cookie = await cookieOf(second);
      const streams = await Promise.all(cluster.instances.map((instance) => openEventStream(instance.url, cookie)));
      await Promise.all(streams.map((stream) => stream.subscribed));

      await watcher.goto("/en/country/jm");
      await expect(watcher.getByRole("heading", { level: 1 })).toContainText("Jamaica");
      await watcher.evaluate("window.stillTheSamePage = true");
      await expect(watcher.getByTestId("header-balance")).toContainText("$5.00");

      // The call: placed through the proxy, its status callbacks sent by the local carrier to the
      // site's address, so gate, carrier and settlement land on whichever instances the proxy picks.
      await caller.goto("/en");
      const section = caller.locator("#call");
      await expect(section.getByText("Ready to call")).toBeVisible({ timeout: 20_000 });
      await section.getByLabel("Phone number").fill("2025550123");
      await section.getByRole("button", { name: "Start Call" }).click();
      const dialog = caller.getByRole("dialog", { name: "Start this call?" });
      const rate = /\$(\d+\.\d{4}) per minute/.exec((await dialog.innerText()).replace(/[\u2066-\u2069]/g, ""))?.[1];
      expect(rate, "the confirm dialog shows the rate at 4 decimals").toBeTruthy();
      await dialog.getByRole("button", { name: "Call now" }).click();
      await expect(section.getByRole("status").filter({ hasText: "Connected" })).toBeVisible({ timeout: 20_000 });
      await expect(section.getByLabel("Call duration")).toHaveText(/^0:0[3-9]$/, { timeout: 15_000 });
      await section.getByRole("button", { name: "Hang up" }).click();
      await expect(caller.getByText("Call completed")).toBeVisible({ timeout: 20_000 });
      const rating = caller.getByRole("dialog", { name: "How was the call quality?" });
      await expect(rating).toBeVisible({ timeout: 15_000 });
      await rating.getByRole("radio", { name: "5 out of 5" }).click();
      await rating.getByRole("button", { name: "Submit" }).click();
      await expect(rating).toBeHidden();

      // One started minute at the quoted rate, worked out here from what the dialog said.
      const expected = moneyToDecimal(parseMoney("5") - parseMoney(rate!));
      const shown = `$${Number(expected).toFixed(2)}`;
      await expect(caller.getByTestId("header-balance")).toContainText(shown, { timeout: 15_000 });
      await expect(watcher.getByTestId("header-balance")).toContainText(shown, { timeout: 15_000 });
      for (const stream of streams) await expect.poll(() => named(stream, "balance").map((event) => (event.data as { balance: string }).balance)).toContain(expected);

      // Midway: instance 1 is stopped while the customer writes to support through the proxy.
      const messages = Array.from({ length: 30 }, (_, index) => `Message ${index + 1} ${randomBytes(3).toString("hex")}`);
      const customerRequest = caller.request;
      let sent = 0;
      const answers: number[] = [];
      const writing = (async () => {
        for (const body of messages) {
          const response = await customerRequest.post("/api/support/messages", { data: { body }, headers: { origin: cluster.url } });
          answers.push(response.status());
          sent += 1;
        }
      })();
      await expect.poll(() => sent).toBeGreaterThan(5);
      const exitCode = await cluster.instances[0]!.stop("SIGTERM");
      await writing;
      expect(exitCode, "the stopped instance exits cleanly").toBe(0);
      expect(answers.filter((status) => status !== 201), "every message was accepted, before, during and after the stop").toEqual([]);
      const conversation = (await (await customerRequest.get("/api/support/conversation")).json()) as { conversation: { id: string }; messages: { body: string }[] };
      expect(conversation.messages.map((message) => message.body)).toEqual(messages);
      await streams[0]!.ended;

      // A price change by an admin, through the proxy: every browser shows it without a reload.
      const listed = await adminRequest.get("/api/admin/rates/countries?q=JM&sort=code");
      const jamaica = ((await listed.json()) as { countries: { country_code: string; version: number }[] }).countries.find((row) => row.country_code === "JM")!;
      await expect(watcher.getByText("$0.77")).toHaveCount(0);
      const changed = await adminRequest.patch("/api/admin/rates/countries/JM", {
        data: { version: jamaica.version, our_cheapest_rate: "0.7700", our_most_expensive_rate: "0.7700" },
        headers: { origin: cluster.url },
      });
      expect(changed.status()).toBe(200);
      for (const stream of streams.slice(1)) await expect.poll(() => named(stream, "cache.invalidate").length).toBe(1);
      await expect(watcher.locator("main").getByText("$0.77").first()).toBeVisible({ timeout: 15_000 });

      // The admin's reply: both browsers' badges count it, live.
      const reply = await adminRequest.post(`/api/admin/support/conversations/${conversation.conversation.id}/messages`, {
        data: { body: "We read all thirty. Thank you!" },
        headers: { origin: cluster.url },
      });
      expect(reply.status()).toBe(201);
      expect(await (await customerRequest.get("/api/support/unread")).json()).toEqual({ count: 1 });
      for (const stream of streams.slice(1)) await expect.poll(() => named(stream, "support.unread").map((event) => (event.data as { count: number }).count)).toContain(1);
      for (const page of [caller, watcher]) {
        await expect(page.getByRole("navigation", { name: "Main" }).getByTestId("support-unread-badge")).toHaveText(/^1/, { timeout: 15_000 });
      }
      expect(await watcher.evaluate("window.stillTheSamePage")).toBe(true);

      // The proxy answered nothing with a gateway error: requests meant for the stopped instance went to the others.
      expect(cluster.proxyOutput()).not.toMatch(/" 50[234] /);
      // Round robin spread the journey over all three instances.
      for (const instance of cluster.instances) expect(cluster.proxyOutput()).toContain(`upstream=${new URL(instance.url).host}`);
      streams.forEach((stream) => stream.close());
      await Promise.all([first, second, third].map((context) => context.close()));
    });
  });
}
