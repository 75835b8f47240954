import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { callLogs } from "../db/schema/calls";
import { contacts } from "../db/schema/contacts";
import { webhookEvents } from "../db/schema/webhooks";
import { ledgerEntries } from "../db/schema/credits";
import { payments } from "../db/schema/payments";
import { newPaymentId } from "../modules/payments/service";
import { LOCAL_CHECKOUT_SIGNATURE_HEADER } from "../providers/payments/local/local-checkout";
import { SIGNATURE_HEADER as CARRIER_SIGNATURE_HEADER } from "../providers/telephony/webhook-signature";
import { LocalCarrier } from "../providers/telephony/local/local-carrier-factory";
import { RING_SIGNATURE_HEADER } from "../providers/telephony/local/ring-webhook";
import { openBrowserPeer, type BrowserPeer } from "../providers/telephony/local/testing/browser-peer";
import { engines } from "../test/engines";
import { buildUser, type TestUser } from "../test/factories";
import { insertCall } from "../test/history-calls";
import { TEST_SIGNATURE_HEADER, testWebhooks } from "../test/test-webhooks";
import { startTestServer, type TestServer } from "../test/test-server";
import type { RegisteredRoute, RouteAccess } from "./access";

/**
 * Every route, called as a visitor, a customer, another customer and an
 * administrator, and expected to answer as the list below says, a list written
 * here by hand and never read from the routes' own declarations: a route whose
 * declaration changes (admin to public, say) fails this suite. A registered route
 * missing from the list fails it too, and so does a listed route that no longer
 * exists. A customer route and any route whose path names a row must also be
 * classified below, so a new route that nobody thought about fails instead of shipping.
 */

/** Who may call each route, "METHOD /path" → access. */
const EXPECTED_ACCESS: Readonly<Record<string, RouteAccess>> = {
  "GET /healthz": "public",
  "GET /readyz": "public",
  "GET /robots.txt": "public",
  "GET /sitemap.xml": "public",
  "GET /api/site": "public",
  "POST /api/client-errors": "public",
  "GET /api/auth/*": "public",
  "POST /api/auth/*": "public",
  "GET /api/auth-options": "public",
  "POST /api/accounts/admin-sign-up": "public",
  "GET /api/i18n/:language": "public",
  "GET /api/rates/countries": "public",
  "GET /api/rates/countries/:code": "public",
  "POST /api/rates/lookup": "public",
  "GET /api/search": "public",
  "GET /api/me": "user",
  "GET /api/profile": "user",
  "PATCH /api/profile": "user",
  "PUT /api/profile/spending": "user",
  "GET /api/profile/export": "user",
  "POST /api/profile/delete": "user",
  "GET /api/rates": "user",
  "GET /api/events": "user",
  "GET /api/credits/balance": "user",
  "GET /api/calls": "user",
  "POST /api/calls/quote": "user",
  "GET /api/calls/export.csv": "user",
  "GET /api/calls/:callSid": "user",
  "PUT /api/calls/:callSid/rating": "user",
  "PUT /api/calls/:callSid/quality": "user",
  "GET /api/contacts": "user",
  "POST /api/contacts": "user",
  "GET /api/contacts/export.csv": "user",
  "POST /api/contacts/import/preview": "user",
  "POST /api/contacts/import": "user",
  "PUT /api/contacts/:contactId": "user",
  "DELETE /api/contacts/:contactId": "user",
  "POST /api/voice/token": "user",
  "POST /webhooks/telephony/voice": "signed",
  "POST /webhooks/telephony/status": "signed",
  "POST /api/local-carrier/calls": "user",
  "POST /api/local-carrier/calls/:callSid/answer": "user",
  "POST /api/local-carrier/calls/:callSid/hangup": "user",
  "POST /api/local-carrier/calls/:callSid/digits": "user",
  "POST /webhooks/local-carrier/ring": "signed",
  "POST /api/payments/checkout": "user",
  "GET /api/payments": "user",
  "GET /api/payments/quote": "user",
  "GET /api/payments/limits": "user",
  "GET /api/payments/:paymentId": "user",
  "POST /webhooks/payments/local": "signed",
  "GET /api/local-checkout/sessions/:sessionId": "user",
  "POST /api/local-checkout/sessions/:sessionId/pay": "user",
  "POST /api/local-checkout/sessions/:sessionId/cancel": "user",
  "GET /api/admin/overview": "admin",
  "GET /api/admin/dashboard": "admin",
  "GET /api/admin/rates/countries": "admin",
  "PATCH /api/admin/rates/countries/:code": "admin",
  "POST /api/admin/rates/import/preview": "admin",
  "POST /api/admin/rates/import": "admin",
  "GET /api/admin/rates/export": "admin",
  "GET /api/admin/rates/audit": "admin",
  "GET /api/admin/jobs": "admin",
  "POST /api/admin/jobs/:id/retry": "admin",
  "GET /api/admin/webhooks/deliveries": "admin",
  "GET /api/admin/discounts": "admin",
  "POST /api/admin/discounts": "admin",
  "PUT /api/admin/discounts/:discountId": "admin",
  "DELETE /api/admin/discounts/:discountId": "admin",
  "GET /api/admin/payments": "admin",
  "GET /api/admin/payments/export.csv": "admin",
  "POST /api/admin/payments/:paymentId/refunds": "admin",
  "GET /api/admin/credit-audit/ledger": "admin",
  "GET /api/admin/credit-audit/ledger.csv": "admin",
  "GET /api/admin/credit-audit/accounts": "admin",
  "POST /api/admin/credit-audit/adjustments": "admin",
  "GET /api/admin/calls": "admin",
  "GET /api/admin/calls/export.csv": "admin",
  "GET /api/admin/calls/:callSid": "admin",
  "POST /api/admin/calls/:callSid/credit": "admin",
  "GET /api/admin/call-credit-policy": "admin",
  "PUT /api/admin/call-credit-policy": "admin",
  "GET /api/admin/translations": "admin",
  "PUT /api/admin/translations": "admin",
  "GET /api/admin/translations/export.json": "admin",
  "POST /api/admin/translations/import/preview": "admin",
  "POST /api/admin/translations/import": "admin",
  "GET /api/admin/users": "admin",
  "GET /api/admin/users/export.csv": "admin",
  "GET /api/admin/users/:userId": "admin",
  "PUT /api/admin/users/:userId/role": "admin",
  "POST /api/admin/users/:userId/ban": "admin",
  "POST /api/admin/users/:userId/unban": "admin",
  "POST /api/admin/users/:userId/verification-email": "admin",
  "GET /api/blog/posts": "public",
  "GET /api/blog/posts/:slug": "public",
  "GET /uploads/blog/:name": "public",
  "GET /api/admin/blog/posts": "admin",
  "POST /api/admin/blog/posts": "admin",
  "GET /api/admin/blog/posts/:postId": "admin",
  "PUT /api/admin/blog/posts/:postId": "admin",
  "DELETE /api/admin/blog/posts/:postId": "admin",
  "POST /api/admin/blog/posts/:postId/publish": "admin",
  "POST /api/admin/blog/posts/:postId/unpublish": "admin",
  "POST /api/admin/blog/covers": "admin",
  "GET /api/support/conversation": "user",
  "POST /api/support/messages": "user",
  "POST /api/support/conversations/:conversationId/read": "user",
  "GET /api/support/unread": "user",
  "POST /api/support/tickets": "public",
  "GET /api/admin/support/conversations": "admin",
  "GET /api/admin/support/conversations/:conversationId": "admin",
  "POST /api/admin/support/conversations/:conversationId/messages": "admin",
  "POST /api/admin/support/conversations/:conversationId/read": "admin",
  "PUT /api/admin/support/conversations/:conversationId/status": "admin",
};

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
  otherGets?: 200 | 401 | 403 | 404;
  /** After the other customer's attempt: the owner's row must be as it was (routes that change rows). */
  assertUnchanged?(server: TestServer, owner: TestUser, arranged: Arranged): Promise<void>;
}

/**
 * Customer routes on rows that belong to someone, "METHOD /path" → case.
 * Features with owned rows add theirs here (contacts, call history, payments, support).
 */
const OWNED: Record<string, OwnedRoute> = {
  "GET /api/calls": { arrange: arrangeCall, otherGets: 200 },
  "GET /api/calls/export.csv": { arrange: arrangeCall, otherGets: 200 },
  "GET /api/calls/:callSid": { arrange: arrangeCall },
  "PUT /api/calls/:callSid/rating": {
    arrange: async (server, owner) => ({ ...(await arrangeCall(server, owner)), body: { rating: 4 } }),
    assertUnchanged: (server, _owner, arranged) => expectCallRow(server, arranged, (row) => row.qualityRating === 4),
  },
  "PUT /api/calls/:callSid/quality": {
    arrange: async (server, owner) => ({
      ...(await arrangeCall(server, owner)),
      body: { rttMs: 80, jitterMs: 4, packetLoss: 0.001, mos: null, packetsSent: 500, packetsReceived: 498 },
    }),
    assertUnchanged: (server, _owner, arranged) => expectCallRow(server, arranged, (row) => row.quality?.rttMs === 80),
  },
  "GET /api/contacts": { arrange: arrangeContact, otherGets: 200 },
  "GET /api/contacts/export.csv": { arrange: arrangeContact, otherGets: 200 },
  // Another customer importing the owner's number adds it to their own contacts: nothing says the owner saved it.
  "POST /api/contacts/import/preview": { arrange: arrangeContactImport, otherGets: 200 },
  "POST /api/contacts/import": { arrange: arrangeContactImport, otherGets: 200 },
  "PUT /api/contacts/:contactId": {
    arrange: async (server, owner) => {
      const phone = ukMobile();
      return { ...(await arrangeContact(server, owner, phone)), body: { name: "Renamed", number: phone } };
    },
    // The owner renamed it first; it is still the owner's, under the owner's new name.
    assertUnchanged: (server, owner, arranged) => expectContactRow(server, arranged, (row) => row.userId === owner.id && row.name === "Renamed"),
  },
  // The owner deletes first here; contacts.test.ts has another customer try before the owner.
  "DELETE /api/contacts/:contactId": { arrange: arrangeContact },
  // The local carrier's calls: another customer, even holding the owner's voice token, reaches none of them.
  "POST /api/local-carrier/calls/:callSid/answer": localCarrierCallCase({ withOffer: true }),
  "POST /api/local-carrier/calls/:callSid/hangup": localCarrierCallCase(),
  "POST /api/local-carrier/calls/:callSid/digits": localCarrierCallCase({ digits: "1" }),
  "GET /api/payments": { arrange: arrangePayment, otherGets: 200 },
  "GET /api/local-checkout/sessions/:sessionId": { arrange: arrangePayment },
  "GET /api/payments/:paymentId": {
    arrange: async (server, owner) => {
      const arranged = await arrangePayment(server, owner);
      return { ...arranged, params: { paymentId: arranged.marker } };
    },
  },
  // Another customer cannot pay (or learn of) the owner's checkout, even with the approved test card.
  "POST /api/local-checkout/sessions/:sessionId/pay": {
    arrange: async (server, owner) => ({ ...(await arrangePayment(server, owner)), body: { cardNumber: "4242 4242 4242 4242", expiry: "12/99", cvc: "123" } }),
  },
  // Nor cancel it.
  "POST /api/local-checkout/sessions/:sessionId/cancel": { arrange: arrangePayment },
  // The owner's conversation: another customer cannot read it or mark the support team's reply read
  // (that nothing changes is support.test.ts's, where the owner has not read it first).
  "GET /api/support/conversation": { arrange: arrangeSupportReply, otherGets: 200 },
  "GET /api/support/unread": { arrange: arrangeSupportReply, otherGets: 200 },
  "POST /api/support/conversations/:conversationId/read": { arrange: arrangeSupportReply },
};

/**
 * The owner wrote to support and an admin answered (unread). The marker is the answer's text:
 * no other customer's answer may show it.
 */
async function arrangeSupportReply(server: TestServer, owner: TestUser): Promise<Arranged> {
  const marker = `answer-${randomBytes(6).toString("hex")}`;
  const sent = await server.app.inject({ method: "POST", url: "/api/support/messages", headers: { cookie: owner.cookie }, payload: { body: "My call dropped" } });
  const conversationId = sent.json<{ conversationId: string }>().conversationId;
  const admin = await buildUser(server, { role: "admin" });
  const reply = await server.app.inject({ method: "POST", url: `/api/admin/support/conversations/${conversationId}/messages`, headers: { cookie: admin.cookie }, payload: { body: marker } });
  expect(reply.statusCode, reply.body).toBe(201);
  return { params: { conversationId }, body: { throughMessageId: reply.json<{ message: { id: number } }>().message.id }, marker };
}

/** A pending payment of the owner's with its local checkout session; its id is what no other customer's answer may show. */
async function arrangePayment(server: TestServer, owner: TestUser): Promise<Arranged> {
  const id = newPaymentId();
  const sessionId = `cs_local_${randomBytes(16).toString("hex")}`;
  await server.database.db.insert(payments).values({ id, userId: owner.id, provider: "local", providerPaymentId: sessionId, amountUsd: "10.0000", creditUsd: "10.0000" });
  return { params: { sessionId }, marker: id };
}

/** A contact of the owner's; its name is what no other customer's answer may show. */
async function arrangeContact(server: TestServer, owner: TestUser, phone = ukMobile()): Promise<Arranged> {
  const marker = `Contact ${randomBytes(6).toString("hex")}`;
  const [row] = await server.database.db.insert(contacts).values({ userId: owner.id, name: marker, phone, countryCode: "GB" }).returning();
  return { params: { contactId: row?.id ?? "" }, marker };
}

/** A contact of the owner's and a file offering its number under another name: only the owner's import merges it into the saved name. */
async function arrangeContactImport(server: TestServer, owner: TestUser): Promise<Arranged> {
  const phone = ukMobile();
  const arranged = await arrangeContact(server, owner, phone);
  return { ...arranged, body: { format: "vcard", text: `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:From a file\r\nTEL:${phone}\r\nEND:VCARD\r\n` } };
}

/** A UK mobile number no other case uses. */
const ukMobile = () => `+447106${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, "0")}`;

async function expectContactRow(server: TestServer, arranged: Arranged, holds: (row: typeof contacts.$inferSelect) => boolean): Promise<void> {
  const [row] = await server.database.db
    .select()
    .from(contacts)
    .where(eq(contacts.id, arranged.params?.["contactId"] ?? ""));
  expect(row && holds(row), `contact ${arranged.marker} as its owner left it`).toBe(true);
}

/** A finished call of the owner's, addressed by its sid; the sid is what no other customer's answer may show. */
async function arrangeCall(server: TestServer, owner: TestUser): Promise<Arranged> {
  const row = await insertCall(server.database.db, owner.id);
  return { params: { callSid: row.callSid }, marker: row.callSid };
}

async function expectCallRow(server: TestServer, arranged: Arranged, holds: (row: typeof callLogs.$inferSelect) => boolean): Promise<void> {
  const [row] = await server.database.db
    .select()
    .from(callLogs)
    .where(eq(callLogs.callSid, arranged.params?.["callSid"] ?? ""));
  expect(row && holds(row), `call ${arranged.marker} as its owner left it`).toBe(true);
}

/** Rings the owner on the local carrier; the request carries the owner's voice token (and an offer, or digits). */
function localCarrierCallCase(extra: { withOffer?: boolean; digits?: string } = {}): OwnedRoute {
  const browsers: BrowserPeer[] = [];
  return {
    // The owner's token names the owner: a different signed-in customer is refused as the token's wrong holder.
    otherGets: 401,
    async arrange(server, owner) {
      if (!(server.carrier instanceof LocalCarrier)) throw new Error("the local carrier is not the carrier");
      const { callSid } = await server.carrier.calls.ring(owner.id, "+14155550100");
      const token = (await server.app.inject({ method: "POST", url: "/api/voice/token", headers: { cookie: owner.cookie } })).json<{ token: string }>().token;
      const browser = extra.withOffer ? await openBrowserPeer() : null;
      if (browser) browsers.push(browser);
      return { params: { callSid }, body: { token, ...(browser ? { sdp: browser.offer } : {}), ...(extra.digits ? { digits: extra.digits } : {}) }, marker: callSid };
    },
    async assertUnchanged() {
      await Promise.all(browsers.splice(0).map((browser) => browser.close()));
    },
  };
}

/** Customer routes that act only on the caller's own account: nothing in the path or body can name another's row. */
const OWN_ACCOUNT_ONLY = new Set<string>([
  "GET /api/me",
  "GET /api/profile",
  "PATCH /api/profile",
  "PUT /api/profile/spending",
  "GET /api/profile/export",
  "POST /api/profile/delete",
  "GET /api/events", "GET /api/credits/balance", "POST /api/voice/token", "POST /api/calls/quote", "POST /api/local-carrier/calls", "POST /api/payments/checkout", "GET /api/payments/quote", "POST /api/contacts", "POST /api/support/messages"]);

/** Customer routes that read data shared by every customer, never a customer's row (the price list). */
const NO_CUSTOMER_ROWS = new Set<string>(["GET /api/rates", "GET /api/payments/limits"]);

/** Routes with path parameters that name no customer's row (public content, better-auth, admin views of everything). */
const UNOWNED_PARAMETERS = new Set<string>([
  "GET /api/auth/*",
  "POST /api/auth/*",
  "GET /api/i18n/:language",
  "GET /api/rates/countries/:code",
  "PATCH /api/admin/rates/countries/:code",
  "POST /api/admin/jobs/:id/retry",
  "PUT /api/admin/discounts/:discountId",
  "DELETE /api/admin/discounts/:discountId",
  "POST /api/admin/payments/:paymentId/refunds",
  "GET /api/admin/calls/:callSid",
  "POST /api/admin/calls/:callSid/credit",
  "GET /api/admin/users/:userId",
  "PUT /api/admin/users/:userId/role",
  "POST /api/admin/users/:userId/ban",
  "POST /api/admin/users/:userId/unban",
  "POST /api/admin/users/:userId/verification-email",
  "GET /api/blog/posts/:slug",
  "GET /uploads/blog/:name",
  "GET /api/admin/blog/posts/:postId",
  "PUT /api/admin/blog/posts/:postId",
  "DELETE /api/admin/blog/posts/:postId",
  "POST /api/admin/blog/posts/:postId/publish",
  "POST /api/admin/blog/posts/:postId/unpublish",
  "GET /api/admin/support/conversations/:conversationId",
  "POST /api/admin/support/conversations/:conversationId/messages",
  "POST /api/admin/support/conversations/:conversationId/read",
  "PUT /api/admin/support/conversations/:conversationId/status",
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
    // Every route but the OpenAPI viewer's, which a plugin registers before access control exists.
    routes = server.app.registeredRoutes.filter((route) => !route.url.startsWith("/api/docs"));
  });

  const expectedAccess = (route: RegisteredRoute): RouteAccess | undefined => EXPECTED_ACCESS[keyOf(route)];
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

  it("lists every registered route, and only routes that exist", () => {
    const registered = new Set(routes.map(keyOf));
    expect.soft([...registered].filter((key) => !(key in EXPECTED_ACCESS)), "routes missing from EXPECTED_ACCESS: add each with who may call it").toEqual([]);
    expect.soft(Object.keys(EXPECTED_ACCESS).filter((key) => !registered.has(key)), "EXPECTED_ACCESS lists routes that no longer exist").toEqual([]);
  });

  it("finds each route declaring the access this matrix expects", () => {
    const differing = routes
      .filter((route) => expectedAccess(route) !== undefined && route.access !== expectedAccess(route))
      .map((route) => `${keyOf(route)}: declares ${String(route.access)}, expected ${String(expectedAccess(route))}`);
    expect(differing).toEqual([]);
  });

  it("classifies customer routes by ownership and parameters by what they name", () => {
    const unclassifiedCustomerRoutes = routes
      .filter((route) => expectedAccess(route) === "user" && !(keyOf(route) in OWNED) && !OWN_ACCOUNT_ONLY.has(keyOf(route)) && !NO_CUSTOMER_ROWS.has(keyOf(route)))
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

  it("answers every route as the matrix expects, for everyone, and never with a server error", async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const access = expectedAccess(route);
      if (access === undefined) continue; // Reported by the listing test.
      for (const who of ["visitor", "customer", "other customer", "admin"] as const) {
        const { status } = await call(route, who);
        const expected = expectation(access, who);
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

function expectation(access: RouteAccess, who: Identity): ((status: number) => boolean) & { description: string } {
  const check = (description: string, test: (status: number) => boolean) => Object.assign(test, { description });
  // Signed (provider webhooks): a session is worth nothing, and the matrix sends no signature.
  if (access === "signed") return check("401", (status) => status === 401);
  const allowed = check("neither 401 nor 403, below 500", (status) => status !== 401 && status !== 403 && status < 500);
  if (access === "public") return allowed;
  if (who === "visitor") return check("401", (status) => status === 401);
  if (access === "admin" && who !== "admin") return check("403", (status) => status === 403);
  return allowed;
}

/**
 * Signed routes (provider webhooks), walked on a server that has some: the test-only
 * provider of test/test-webhooks.ts. Nobody gets in without the provider's signature,
 * whatever session they hold, and a refused request writes nothing.
 */
/** Each provider's signature header: the carrier's (Twilio's) for telephony, the test provider's otherwise. */
const signatureHeaderOf = (route: RegisteredRoute) =>
  route.url.startsWith("/webhooks/telephony/") ? CARRIER_SIGNATURE_HEADER : route.url.startsWith("/webhooks/local-carrier/")
      ? RING_SIGNATURE_HEADER
      : route.url.startsWith("/webhooks/payments/local")
        ? LOCAL_CHECKOUT_SIGNATURE_HEADER
        : TEST_SIGNATURE_HEADER;

describe.each(engines)("signed routes in the access matrix on %s", (engine) => {
  let server: TestServer;
  let signed: RegisteredRoute[];
  const cookies: Record<Identity, string> = { visitor: "", customer: "", "other customer": "", admin: "" };

  beforeAll(async () => {
    server = await startTestServer(engine, { RATE_LIMIT_PER_MINUTE: "100000" }, { webhooks: testWebhooks });
    cookies.customer = (await buildUser(server)).cookie;
    cookies["other customer"] = (await buildUser(server)).cookie;
    cookies.admin = (await buildUser(server, { role: "admin" })).cookie;
    signed = server.app.registeredRoutes.filter((route) => route.access === "signed");
  });
  afterAll(() => server.close());

  it("answers 401 without a signature and 403 with a forged one, to everyone, writing nothing", async () => {
    expect(signed.map(keyOf)).toEqual(["POST /webhooks/telephony/voice", "POST /webhooks/telephony/status", "POST /webhooks/local-carrier/ring", "POST /webhooks/payments/local", "POST /webhooks/test/json", "POST /webhooks/test/form"]);
    const wrong: string[] = [];
    for (const route of signed) {
      for (const who of ["visitor", "customer", "other customer", "admin"] as const) {
        for (const [signature, expected] of [
          [undefined, 401],
          ["t=1,v1=" + "0".repeat(64), 403],
        ] as const) {
          const response = await server.app.inject({
            method: route.method as "POST",
            url: route.url,
            headers: { "content-type": "application/json", ...(cookies[who] ? { cookie: cookies[who] } : {}), ...(signature ? { [signatureHeaderOf(route)]: signature } : {}) },
            payload: JSON.stringify({ id: "evt", type: "t", key: "k", EventSid: "evt", CallStatus: "completed" }),
          });
          if (response.statusCode !== expected) wrong.push(`${keyOf(route)} as ${who} ${signature ? "forged" : "unsigned"}: ${response.statusCode} (expected ${expected})`);
          if (expectation("signed", who)(response.statusCode) !== (expected === 401)) wrong.push(`${keyOf(route)}: the matrix's expectation disagrees`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await server.database.db.select().from(webhookEvents)).toEqual([]);
    expect(await server.database.db.select().from(callLogs)).toEqual([]);
    expect(await server.database.db.select().from(ledgerEntries)).toEqual([]);
  });
});
