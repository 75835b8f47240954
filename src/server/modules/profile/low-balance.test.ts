import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { grant, newCallSid, placeCall, reportStatus } from "../../test/calls";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { allMail, mailSettled } from "../../test/mail";
import { startTestServer, type TestServer } from "../../test/test-server";
import { SEED_DIR } from "../../app";
import { lowBalanceEmailJob } from "../credits/low-balance";
import { readLanguageStrings } from "../i18n/translation-files";

const UK_MOBILE = "+447106123456";

describe.each(engines)("the low-balance email on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  const alertAt = (who: TestUser, amount: string | null) =>
    server.app.inject({ method: "PUT", url: "/api/profile/spending", headers: { cookie: who.cookie }, payload: { dailyLimit: null, lowBalanceAlert: amount } });

  /** The low-balance emails sent to the person, once both queues (the alert's and the mail's) are idle. */
  async function alerts(who: TestUser) {
    await vi.waitFor(
      async () => {
        const queue = (await server.jobs.admin.counts()).find((counts) => counts.queue === lowBalanceEmailJob.queue);
        expect(queue && queue.waiting + queue.running).toBe(0);
      },
      { timeout: 15_000, interval: 20 },
    );
    await mailSettled(server);
    return allMail(server, who.email, "low_balance");
  }

  it("mails once when the balance falls under the amount, not again while it stays under, and again after it went back above", async () => {
    const person = await buildUser(server);
    await grant(server, person.id, "20");
    expect((await alertAt(person, "5")).statusCode).toBe(200);

    await grant(server, person.id, "-16"); // 4.00: under 5, the first crossing
    const first = await alerts(person);
    expect(first).toHaveLength(1);
    expect(first[0]?.text).toContain("$4.00");
    expect(first[0]?.text).toContain("$5.00");
    expect(first[0]?.link).toMatch(/\/en\/phone$/);
    await grant(server, person.id, "-1"); // 3.00: still under
    expect(await alerts(person)).toHaveLength(1);

    await grant(server, person.id, "10"); // 13.00: back above, the alert is ready again
    await grant(server, person.id, "-8"); // 5.00: at the amount is not under it
    expect(await alerts(person)).toHaveLength(1);
    await grant(server, person.id, "-1"); // 4.00: the second crossing
    expect(await alerts(person)).toHaveLength(2);
  });

  it("mails once for a run of calls that takes the balance under, in the language the person chose", async () => {
    const person = await buildUser(server);
    await grant(server, person.id, "1");
    await server.app.inject({ method: "PATCH", url: "/api/profile", headers: { cookie: person.cookie }, payload: { locale: "de" } });
    await alertAt(person, "0.95");
    for (let call = 0; call < 2; call += 1) {
      const callSid = newCallSid();
      await placeCall(server, { callSid, userId: person.id, to: UK_MOBILE });
      for (const status of ["initiated", "ringing", "in-progress"]) await reportStatus(server, callSid, status);
      await reportStatus(server, callSid, "completed", { CallDuration: "70" }); // $0.1160 each
    }
    const sent = await alerts(person);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.link).toMatch(/\/de\/phone$/);
    const english = readLanguageStrings(path.join(SEED_DIR, "translations"), "en")["emails.low_balance.subject"];
    const german = readLanguageStrings(path.join(SEED_DIR, "translations"), "de")["emails.low_balance.subject"];
    expect(german).not.toBe(english);
    expect(sent[0]?.subject).toBe(german);
  });

  it("sends nothing without an amount, nor for someone else's balance", async () => {
    const quiet = await buildUser(server);
    const watcher = await buildUser(server);
    await grant(server, quiet.id, "2");
    await grant(server, watcher.id, "2");
    await alertAt(watcher, "1");
    await grant(server, quiet.id, "-1.5");
    expect(await alerts(quiet)).toHaveLength(0);
    expect(await alerts(watcher)).toHaveLength(0);
  });
});
