import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { localCheckoutCancel, localCheckoutPay, localCheckoutSession } from "../../../../shared/api/local-checkout";
import { moneyToDecimal, parseMoney } from "../../../../shared/money";
import type { Database } from "../../../db/client";
import { payments } from "../../../db/schema/payments";
import { requireViewer } from "../../../http/access";
import { AppError, notFound } from "../../../http/app-error";
import { registerEndpoint } from "../../../http/endpoint";
import { moneyToCents } from "../provider";
import { LOCAL_CHECKOUT_SIGNATURE_HEADER, LOCAL_CHECKOUT_WEBHOOK_PATH, type LocalCheckout } from "./local-checkout";

export const APPROVED_TEST_CARD = "4242424242424242";
export const DECLINED_TEST_CARD = "4000000000000002";
export const DECLINE_MESSAGE = "Your card was declined.";
export const CANCEL_MESSAGE = "You cancelled the checkout.";

/**
 * The local checkout's server side: the customer's session, and paying it with a test
 * card. The verdict goes out as the provider's signed event, through the payment
 * webhook (app.inject), exactly as Stripe's would: nothing here credits directly.
 */
export function registerLocalCheckoutRoutes(app: FastifyInstance, db: Database, checkout: LocalCheckout): void {
  async function ownSession(userId: string, sessionId: string) {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.providerPaymentId, sessionId), eq(payments.userId, userId), eq(payments.provider, "local")));
    if (!row) throw notFound("This checkout does not exist");
    return row;
  }

  /** Sends the provider's signed event through the payment webhook, as Stripe would post it. */
  async function deliver(event: string, signature: string): Promise<void> {
    const delivered = await app.inject({
      method: "POST",
      url: LOCAL_CHECKOUT_WEBHOOK_PATH,
      headers: { "content-type": "application/json", [LOCAL_CHECKOUT_SIGNATURE_HEADER]: signature },
      payload: event,
    });
    if (delivered.statusCode !== 200) throw new AppError(503, "payment_provider_unavailable", "The payment service could not be reached. Please try again in a moment.");
  }

  // Cancelling ends the session unpaid the way Stripe ends one: its `checkout.session.expired` event, through the
  // same handler, marked as the customer's cancel, so the payment is cancelled (not failed) and a discount code's use
  // given back, so the customer can try again at once.
  registerEndpoint(app, localCheckoutCancel, async ({ request, params }) => {
    const userId = requireViewer(request).userId;
    const row = await ownSession(userId, params.sessionId);
    if (row.status === "pending") {
      const { body: event, signature } = checkout.signedEvent(
        "checkout.session.expired",
        { sessionId: params.sessionId, paymentId: row.id, userId, amountCents: moneyToCents(parseMoney(row.amountUsd)) },
        { failureMessage: CANCEL_MESSAGE, cancelled: true },
      );
      await deliver(event, signature);
    }
    const [after] = await db.select({ status: payments.status }).from(payments).where(eq(payments.id, row.id));
    return { paymentId: row.id, status: after?.status ?? row.status };
  });

  registerEndpoint(app, localCheckoutSession, async ({ request, params }) => {
    const row = await ownSession(requireViewer(request).userId, params.sessionId);
    return { sessionId: params.sessionId, paymentId: row.id, amount: moneyToDecimal(parseMoney(row.amountUsd)), status: row.status, failureReason: row.failureReason };
  });

  registerEndpoint(app, localCheckoutPay, async ({ request, params, body }) => {
    const userId = requireViewer(request).userId;
    const row = await ownSession(userId, params.sessionId);
    if (row.status !== "pending") throw new AppError(409, "checkout_closed", "This checkout has already ended");
    const card = readCard(body);
    const declined = card === DECLINED_TEST_CARD;
    const { body: event, signature } = checkout.signedEvent(
      declined ? "checkout.session.async_payment_failed" : "checkout.session.completed",
      { sessionId: params.sessionId, paymentId: row.id, userId, amountCents: moneyToCents(parseMoney(row.amountUsd)) },
      declined ? { failureMessage: DECLINE_MESSAGE } : {},
    );
    await deliver(event, signature);
    if (declined) throw new AppError(402, "card_declined", DECLINE_MESSAGE);
    const [after] = await db.select({ status: payments.status }).from(payments).where(eq(payments.id, row.id));
    return { paymentId: row.id, status: after?.status ?? row.status };
  });
}

/** The card's number once the details pass the checks a card form makes; else 400 card_invalid. */
function readCard(input: { cardNumber: string; expiry: string; cvc: string }): string {
  const number = input.cardNumber.replace(/[\s-]/g, "");
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  const invalid = (message: string) => new AppError(400, "card_invalid", message);
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) throw invalid("The card number is not valid");
  if (!expiry) throw invalid("Enter the expiry date as MM/YY");
  const month = Number(expiry[1]);
  const year = 2000 + Number(expiry[2]);
  const now = new Date();
  if (month < 1 || month > 12 || year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) throw invalid("The card has expired");
  if (!/^\d{3,4}$/.test(input.cvc.trim())) throw invalid("The security code is not valid");
  if (number !== APPROVED_TEST_CARD && number !== DECLINED_TEST_CARD) throw invalid("The local checkout takes only its test cards");
  return number;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
