import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { insertJob } from "../../jobs/job-rows";
import { sendEmailJob } from "../../providers/email/mail-jobs";
import { everyEngine } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { latestMail } from "../../test/mail";
import { startTestServer, type TestServer } from "../../test/test-server";

/** Deleting an account (decision 037) leaves none of its mail in the job queue's tables, sent, waiting or archived. */
describe.each(everyEngine)("a deleted account's mail in the job queue on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(() => server.close());

  /** The job rows, in pg-boss's job table and its archive, whose data holds `text` anywhere. */
  const rowsHolding = async (text: string) =>
    queryRows<{ id: string; place: string }>(
      server.database.db,
      sql`select id::text, 'job' as place from pgboss.job where position(${text} in data::text) > 0
          union all
          select id::text, 'archive' from pgboss.archive where position(${text} in data::text) > 0`,
    );

  /** The person's sign-up verification and a password reset, sent; the reset archived as pg-boss does a day later. */
  async function mailFor(person: TestUser): Promise<string[]> {
    const asked = await server.app.inject({ method: "POST", url: "/api/auth/request-password-reset", payload: { email: person.email, redirectTo: "/en/reset-password" } });
    expect(asked.statusCode, asked.body).toBe(200);
    const links = [(await latestMail(server, person.email, "verify_email"))?.link, (await latestMail(server, person.email, "reset_password"))?.link];
    expect(links.every((link) => link !== undefined)).toBe(true);
    // pg-boss's archive step, for the reset mail: the row moves to pgboss.archive with the same columns.
    const columns = sql.raw("id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after, started_on, singleton_key, singleton_on, expire_in, created_on, completed_on, keep_until, dead_letter, policy, output");
    await server.database.db.execute(
      sql`with moved as (delete from pgboss.job where name = ${sendEmailJob.queue} and data ->> 'to' = ${person.email} and data ->> 'kind' = 'reset_password' returning *)
          insert into pgboss.archive (${columns}) select ${columns} from moved`,
    );
    return links as string[];
  }

  /** A message still waiting (an hour from now), its address in capitals as a person may have typed it. */
  async function waitingMail(person: TestUser, link: string): Promise<void> {
    await insertJob(server.database.db, sendEmailJob.queue, { to: person.email.toUpperCase(), kind: "verify_email", subject: "Confirm", text: link, html: `<a href="${link}">` }, 3600);
  }

  it("removes every job row that holds the address or its links, in the job table and the archive; another account's stay", async () => {
    const person = await buildUser(server);
    const bystander = await buildUser(server);
    const personLinks = await mailFor(person);
    const bystanderLinks = await mailFor(bystander);
    // Once the others are sent: a waiting message is never "settled".
    await waitingMail(person, personLinks[0]!);
    await waitingMail(bystander, bystanderLinks[0]!);
    const bystanderRows = async () => [...(await rowsHolding(bystander.email)), ...(await rowsHolding(bystander.email.toUpperCase()))];
    const before = await bystanderRows();
    expect(before).toHaveLength(3);
    expect((await rowsHolding(person.email)).map((row) => row.place).sort()).toEqual(["archive", "job"]);
    expect((await rowsHolding(person.email.toUpperCase())).map((row) => row.place)).toEqual(["job"]);

    const deleted = await server.app.inject({ method: "POST", url: "/api/profile/delete", headers: { cookie: person.cookie }, payload: { confirmation: person.email } });
    expect(deleted.statusCode, deleted.body).toBe(200);

    for (const text of [person.email, person.email.toUpperCase(), ...personLinks]) expect(await rowsHolding(text), text).toEqual([]);
    expect(await bystanderRows()).toEqual(before);
    for (const link of bystanderLinks) expect((await rowsHolding(link)).length, link).toBeGreaterThan(0);
  });
});
