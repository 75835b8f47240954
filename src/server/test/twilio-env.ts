/** A complete set of Twilio variables (made-up credentials): a server started with them chooses the Twilio carrier. */
export const TWILIO_ENV = {
  TWILIO_ACCOUNT_SID: "AC" + "1".repeat(32),
  TWILIO_AUTH_TOKEN: "twilio-auth-token-0123456789abcdef",
  TWILIO_API_KEY: "SK" + "2".repeat(32),
  TWILIO_API_SECRET: "api-secret-0123456789abcdef",
  TWILIO_TWIML_APP_SID: "AP" + "3".repeat(32),
  TWILIO_CALLER_ID: "+15017122661",
};
