import type { Config } from "../config";

/** Which implementation serves each outside concern, for the start-up log and the README's promise. */
export function providerSummary(config: Config): Record<"telephony" | "payments" | "email" | "google sign-in", string> {
  return {
    telephony: config.twilio ? "Twilio" : "local carrier simulator",
    payments: config.stripe ? "Stripe" : "local checkout",
    email: config.mail.smtpUrl ? `SMTP (${new URL(config.mail.smtpUrl).host})` : "local outbox (database + server log)",
    "google sign-in": config.google ? "Google OAuth" : "off (set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)",
  };
}
