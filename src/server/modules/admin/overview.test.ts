import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engines } from "../../test/engines";
import { buildUser, type TestUser } from "../../test/factories";
import { startTestServer, type TestServer } from "../../test/test-server";

describe.each(engines)("admin overview on %s", (engine) => {
  let server: TestServer;
  let admin: TestUser;
  let customer: TestUser;
  beforeAll(async () => {
    server = await startTestServer(engine);
    admin = await buildUser(server, { role: "admin" });
    customer = await buildUser(server);
    await buildUser(server, { verified: false });
  });
  afterAll(() => server.close());

  it("counts accounts for an admin", async () => {
    const response = await server.app.inject({ url: "/api/admin/overview", headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().users).toEqual({ total: 3, verified: 2, admins: 1, newLast7Days: 3 });
  });

  it("refuses a customer with 403 and a visitor with 401", async () => {
    expect((await server.app.inject({ url: "/api/admin/overview", headers: { cookie: customer.cookie } })).statusCode).toBe(403);
    expect((await server.app.inject({ url: "/api/admin/overview" })).statusCode).toBe(401);
  });
});
