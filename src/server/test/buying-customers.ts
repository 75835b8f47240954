import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { user } from "../db/schema/auth";
import { APPROVED_TEST_CARD } from "../providers/payments/local/routes";
import { uniqueEmail } from "./factories";

/**
 * Customers of a server in its own process, talking to it over HTTP as browsers
 * do: signed up, verified (in the database, as the emailed link would) and signed in.
 */
export interface HttpCustomer {
  id: string;
  cookie: string;
}

/** One answer a customer got, or the failure to get one (the server gone, a reset connection). */
export interface Answer {
  path: string;
  status: number | null;
  retryAfter: string | null;
  code: string | null;
  failure: string | null;
}

async function send(base: string, method: string, path: string, cookie: string, body?: unknown): Promise<{ answer: Answer; json: unknown; response: Response | null }> {
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      // Our own pages send their origin, as a browser does on a POST.
      headers: { origin: base, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    const code = (json as { error?: { code?: unknown } } | null)?.error?.code;
    return {
      answer: { path, status: response.status, retryAfter: response.headers.get("retry-after"), code: typeof code === "string" ? code : null, failure: null },
      json,
      response,
    };
  } catch (error) {
    const failure = error instanceof Error ? `${error.message} ${String((error.cause as Error | undefined)?.message ?? "")}`.trim() : String(error);
    return { answer: { path, status: null, retryAfter: null, code: null, failure }, json: null, response: null };
  }
}

/** Signs a new customer up over HTTP, marks the address verified, and signs in. */
export async function signUpCustomer(base: string, db: Database): Promise<HttpCustomer> {
  const email = uniqueEmail("buyer");
  const password = "password-123-buyer";
  const signUp = await send(base, "POST", "/api/auth/sign-up/email", "", { email, password, name: "Buyer" });
  if (signUp.answer.status !== 200) throw new Error(`sign-up answered ${JSON.stringify(signUp.answer)}`);
  const [created] = await db.update(user).set({ emailVerified: true }).where(eq(user.email, email)).returning({ id: user.id });
  if (!created) throw new Error(`no account for ${email}`);
  const signIn = await send(base, "POST", "/api/auth/sign-in/email", "", { email, password });
  if (signIn.answer.status !== 200 || !signIn.response) throw new Error(`sign-in answered ${JSON.stringify(signIn.answer)}`);
  const cookie = signIn.response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { id: created.id, cookie };
}

/**
 * Buys credit over and over until told to stop: a checkout, and every other time
 * paying it with the local checkout's approved card (which credits the balance
 * through the payment webhook). Every answer is recorded.
 */
export async function buyCreditUntil(base: string, customer: HttpCustomer, stop: { stopped: boolean }, answers: Answer[]): Promise<void> {
  for (let round = 0; !stop.stopped; round += 1) {
    const checkout = await send(base, "POST", "/api/payments/checkout", customer.cookie, { amount: "5.00" });
    answers.push(checkout.answer);
    if (checkout.answer.status === null) {
      // Nobody answers: try again shortly rather than spin on a closed port.
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    const url = (checkout.json as { url?: unknown } | null)?.url;
    const sessionId = typeof url === "string" ? new URL(url).searchParams.get("session") : null;
    if (checkout.answer.status !== 200 || sessionId === null || round % 2 === 1) continue;
    const paid = await send(base, "POST", `/api/local-checkout/sessions/${sessionId}/pay`, customer.cookie, { cardNumber: APPROVED_TEST_CARD, expiry: "12/49", cvc: "123" });
    answers.push(paid.answer);
  }
}

/** A fresh successful checkout and balance read of the customer, to show the server serves again. */
export async function checkoutAndBalance(base: string, customer: HttpCustomer): Promise<[Answer, Answer]> {
  const checkout = await send(base, "POST", "/api/payments/checkout", customer.cookie, { amount: "5.00" });
  const balance = await send(base, "GET", "/api/credits/balance", customer.cookie);
  return [checkout.answer, balance.answer];
}
