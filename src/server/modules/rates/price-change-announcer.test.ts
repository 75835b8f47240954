import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../../test/engines";
import { openEventStream, type EventStreamClient } from "../../test/event-stream-client";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";
import { startTwoInstances, type TwoInstances } from "../../test/two-instances";

async function listening(server: TestServer): Promise<string> {
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}

/** Sets a country's band as an admin does on the country rates page. */
async function setBand(server: TestServer, admin: TestUser, code: string, cheapest: string, dearest: string): Promise<void> {
  const listed = await server.app.inject({ method: "GET", url: `/api/admin/rates/countries?q=${code}&sort=code`, headers: { cookie: admin.cookie } });
  const row = (listed.json().countries as { country_code: string; version: number }[]).find((country) => country.country_code === code)!;
  const changed = await server.app.inject({
    method: "PATCH",
    url: `/api/admin/rates/countries/${code}`,
    headers: { cookie: admin.cookie },
    payload: { version: row.version, our_cheapest_rate: cheapest, our_most_expensive_rate: dearest },
  });
  expect(changed.statusCode).toBe(200);
}

const cheapestOf = async (base: string, code: string) =>
  ((await (await fetch(`${base}/api/rates/countries/${code}`)).json()) as { country: { our_cheapest_rate: string } }).country.our_cheapest_rate;

const announcedPriceChanges = (stream: EventStreamClient) =>
  stream.received.filter((event) => event.event === "cache.invalidate" && JSON.stringify(event.data) === JSON.stringify({ queryKey: ["rates"], spreadMs: 2000 }));

describe.each(engines)("a price change announced to open pages on %s", (engine) => {
  let server: TestServer;
  let base: string;
  let admin: TestUser;
  let customers: TestUser[];
  beforeAll(async () => {
    server = await startTestServer(engine);
    base = await listening(server);
    [admin, ...customers] = await Promise.all([buildUser(server, { role: "admin" }), buildUser(server), buildUser(server)]);
  });
  afterAll(() => server.close());

  it("tells every open stream, customers' and admins', after the new price is served", async () => {
    const streams = await Promise.all([...customers, admin].map((user) => openEventStream(base, user.cookie)));
    await Promise.all(streams.map((stream) => stream.subscribed));
    await setBand(server, admin, "JM", "0.4100", "0.4100");
    for (const stream of streams) {
      await expect.poll(() => announcedPriceChanges(stream).length).toBe(1);
    }
    expect(await cheapestOf(base, "JM")).toBe("0.4100");
    streams.forEach((stream) => stream.close());
  });

  it("is not announced when nothing about prices changed", async () => {
    const stream = await openEventStream(base, customers[0]!.cookie);
    await stream.subscribed;
    // Reading prices and changing something else (a country's popular flag is not a price the
    // pages show at a call) still reloads the rates: the announcement follows every reload, and
    // that is what this pins down: nothing is sent for a mere read.
    await server.app.inject({ method: "GET", url: "/api/rates/countries/JM" });
    await server.app.inject({ method: "POST", url: "/api/rates/lookup", payload: { number: "+18765550100" } });
    expect(announcedPriceChanges(stream)).toEqual([]);
    stream.close();
  });
});

describe.each(engines.filter((engine) => engine === "postgres"))("a price change made on one instance, on %s", (engine) => {
  let instances: TwoInstances;
  let bases: string[];
  let admin: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    instances = await startTwoInstances(engine);
    bases = [await listening(instances.first), await listening(instances.second)];
    [admin, customer] = await Promise.all([buildUser(instances.first, { role: "admin" }), buildUser(instances.first)]);
  });
  afterAll(() => instances.close());

  it("reaches the streams of the other instance, which already serves the new price when it says so", async () => {
    const onSecond = await openEventStream(bases[1]!, customer.cookie);
    await onSecond.subscribed;
    await setBand(instances.first, admin, "JM", "0.4300", "0.4300");
    await expect.poll(() => announcedPriceChanges(onSecond).length, { timeout: 10_000 }).toBe(1);
    // Asked of the instance that announced it, at once: never the old price.
    expect(await cheapestOf(bases[1]!, "JM")).toBe("0.4300");
    onSecond.close();
  });
});
