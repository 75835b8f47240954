import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Access } from "../../shared/api/endpoint";
import { engines } from "../test/engines";
import { buildUser, type TestUser } from "../test/factories";
import { startTestServer, type TestServer } from "../test/test-server";
import type { RegisteredRoute } from "./access";

/**
 * Every /api and /webhooks route, called as a visitor, a customer, another
 * customer and an administrator. A route must declare its access; a customer
 * route and any route whose path names a row must also be classified below, so
 * a new route that nobody thought about fails this suite instead of shipping.
 */

const ACCESS_VALUES: readonly Access[] = ["public", "user", "admin"];

/** What an ownership case made: how to address the row, and a text only an answer about that row would contain. */
interface Arranged {
  params?: Record<string, string>;
  body?: unknown;
  marker: string;
}

/** A route that reads or changes rows belonging to one customer (`where user_id = $me`). */
interface OwnedRoute {
  /** Creates a row owned by `owner`. */
  arrange(server: TestServer, owner: TestUser): Promise<Arranged>;
  /**
   * What another customer gets: 404 by default (we do not even confirm the row
   * exists); 200 for a list, which must simply not contain the row.
   */
  otherGets?: 200 | 403 | 404;
  /** After the other customer's attempt: the owner's row must be as it was (routes that change rows). */
  assertUnchanged?(server: TestServer, owner: TestUser, arranged: Arranged): Promise<void>;
}

/**
 * Customer routes on rows that belong to someone, "METHOD /path" → case.
 * Features with owned rows add theirs here (contacts, call history, payments, support).
 */
const OWNED: Record<string, OwnedRoute> = {};

/** Customer routes that act only on the caller's own account: nothing in the path or body can name another's row. */
const OWN_ACCOUNT_ONLY = new Set<string>(["GET /api/me", "GET /api/events"]);

/** Customer routes that read data shared by every customer, never a customer's row (the price list). */
const NO_CUSTOMER_ROWS = new Set<string>(["GET /api/rates"]);

/** Routes with path parameters that name no customer's row (public content, better-auth, admin views of everything). */
const UNOWNED_PARAMETERS = new Set<string>([
  "GET /api/auth/*",
  "POST /api/auth/*",
  "GET /api/i18n/:language",
  "GET /api/rates/countries/:code",
  "PATCH /api/admin/rates/countries/:code",
]);

type Identity = "visitor" | "customer" | "other customer" | "admin";

const keyOf = (route: Pick<RegisteredRoute, "method" | "url">) => `${route.method} ${route.url}`;
const hasParameters = (url: string) => /[:*]/.test(url);

/** A concrete path: every parameter filled with a value that names nothing. */
function concretePath(url: string, params: Record<string, string> = {}): string {
  return url.replace(/:(\w+)/g, (_whole, name: string) => encodeURIComponent(params[name] ?? "dummy")).replace(/\*/g, params["*"] ?? "dummy");
}

describe.each(engines)("access matrix on %s", (engine) => {
  let server: TestServer;
  let base: string;
  let routes: RegisteredRoute[];
  const cookies: Record<Identity, string> = { visitor: "", customer: "", "other customer": "", admin: "" };
  let customer: TestUser;
  let otherCustomer: TestUser;

  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000" });
    customer = await buildUser(server);
    otherCustomer = await buildUser(server);
    const admin = await buildUser(server, { role: "admin" });
    cookies.customer = customer.cookie;
    cookies["other customer"] = otherCustomer.cookie;
    cookies.admin = admin.cookie;
    // Over the network, not inject: the live-events stream never ends, so we read only its status.
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    routes = server.app.registeredRoutes.filter((route) => /^\/(api|webhooks)\//.test(route.url) && !route.url.startsWith("/api/docs"));
  });
  afterAll(() => server.close());

  /** Calls a route as someone, with a minimal body; answers the status and (for non-streams) the body. */
  async function call(route: RegisteredRoute, who: Identity, arranged: Partial<Arranged> = {}): Promise<{ status: number; body: string }> {
    const hasBody = !["GET", "HEAD", "OPTIONS"].includes(route.method);
    const controller = new AbortController();
    const response = await fetch(`${base}${concretePath(route.url, arranged.params)}`, {
      method: route.method,
      headers: {
        ...(cookies[who] ? { cookie: cookies[who] } : {}),
        ...(hasBody ? { "content-type": "application/json" } : {}),
        origin: "http://localhost:3000",
      },
      ...(hasBody ? { body: JSON.stringify(arranged.body ?? {}) } : {}),
      redirect: "manual",
      signal: controller.signal,
    });
    if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
      controller.abort();
      return { status: response.status, body: "" };
    }
    return { status: response.status, body: await response.text() };
  }

  it("finds the routes to walk", () => {
    expect(routes.length).toBeGreaterThan(5);
    expect(routes.map(keyOf)).toEqual(expect.arrayContaining(["GET /api/me", "GET /api/auth-options", "POST /api/accounts/admin-sign-up", "GET /api/admin/overview"]));
  });

  it("classifies every route: a known access, customer routes by ownership, parameters by what they name", () => {
    const unknownAccess = routes.filter((route) => !ACCESS_VALUES.includes(route.access as Access)).map((route) => `${keyOf(route)} (${String(route.access)})`);
    expect(unknownAccess, "routes whose access this matrix does not know").toEqual([]);

    const unclassifiedCustomerRoutes = routes
      .filter((route) => route.access === "user" && !(keyOf(route) in OWNED) && !OWN_ACCOUNT_ONLY.has(keyOf(route)) && !NO_CUSTOMER_ROWS.has(keyOf(route)))
      .map(keyOf);
    expect(unclassifiedCustomerRoutes, "customer routes: add an OWNED case (rows of one customer), or list them in OWN_ACCOUNT_ONLY or NO_CUSTOMER_ROWS").toEqual([]);

    const unclassifiedParameters = routes
      .filter((route) => hasParameters(route.url) && !(keyOf(route) in OWNED) && !UNOWNED_PARAMETERS.has(keyOf(route)))
      .map(keyOf);
    expect(unclassifiedParameters, "routes with path parameters: add an OWNED case or list them in UNOWNED_PARAMETERS").toEqual([]);

    const known = new Set(routes.map(keyOf));
    const entries = [...Object.keys(OWNED), ...OWN_ACCOUNT_ONLY, ...NO_CUSTOMER_ROWS, ...UNOWNED_PARAMETERS];
    expect(entries.filter((key) => !known.has(key)), "entries for routes that no longer exist").toEqual([]);
    expect(entries.filter((key, index) => entries.indexOf(key) !== index), "routes classified twice").toEqual([]);
  });

  it("answers every route as its access says, for everyone, and never with a server error", async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const who of ["visitor", "customer", "other customer", "admin"] as const) {
        const { status } = await call(route, who);
        const expected = expectation(route.access, who);
        if (!expected(status)) wrong.push(`${keyOf(route)} as ${who}: ${status} (expected ${expected.description})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keeps each customer's rows to that customer", async () => {
    const wrong: string[] = [];
    for (const [key, ownership] of Object.entries(OWNED)) {
      const route = routes.find((candidate) => keyOf(candidate) === key);
      if (!route) continue; // Reported as stale by the classification test.
      const arranged = await ownership.arrange(server, customer);
      const own = await call(route, "customer", arranged);
      if (own.status >= 400) wrong.push(`${key} as the owner: ${own.status}`);
      const other = await call(route, "other customer", arranged);
      const otherGets = ownership.otherGets ?? 404;
      if (other.status !== otherGets) wrong.push(`${key} as another customer: ${other.status} (expected ${otherGets})`);
      if (other.body.includes(arranged.marker)) wrong.push(`${key} as another customer: the answer shows the owner's row`);
      await ownership.assertUnchanged?.(server, customer, arranged);
    }
    expect(wrong).toEqual([]);
  });
});

describe("the access matrix's expectations", () => {
  it("would catch a leak in either direction", () => {
    expect(expectation("user", "visitor")(200)).toBe(false);
    expect(expectation("admin", "customer")(200)).toBe(false);
    expect(expectation("admin", "visitor")(403)).toBe(false);
    expect(expectation("admin", "admin")(403)).toBe(false);
    expect(expectation("public", "visitor")(401)).toBe(false);
    expect(expectation("public", "admin")(500)).toBe(false);
    expect(expectation("user", "customer")(404)).toBe(true);
    expect(expectation("admin", "other customer")(403)).toBe(true);
  });
});

function expectation(access: Access | undefined, who: Identity): ((status: number) => boolean) & { description: string } {
  const check = (description: string, test: (status: number) => boolean) => Object.assign(test, { description });
  const allowed = check("neither 401 nor 403, below 500", (status) => status !== 401 && status !== 403 && status < 500);
  if (access === "public") return allowed;
  if (who === "visitor") return check("401", (status) => status === 401);
  if (access === "admin" && who !== "admin") return check("403", (status) => status === 403);
  return allowed;
}
