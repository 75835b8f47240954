import { z } from "zod";
import path from "node:path";
import { ANALYTICS_ID_PATTERN } from "../shared/analytics/analytics";
import { parseMoney, type Money } from "../shared/money";

/**
 * Every environment variable the server reads, validated once at start-up.
 * A bad value stops the process with a message that names the variable.
 * Outside services fall back to local providers when their credentials are absent.
 */
const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

/** Where runtime state goes when DATA_DIR is not set, relative to the working folder (the project root under npm). */
export const DEFAULT_DATA_DIR = "./var";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.url().optional(),
  // Runtime state (embedded database, generated secrets, pid file), kept apart from the seed data in data/.
  DATA_DIR: optional.transform((value) => value ?? DEFAULT_DATA_DIR),
  DATABASE_URL: optional.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  PAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  PAGE_RENDER_CONCURRENCY: z.coerce.number().int().positive().default(2),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, context) => {
      const text = value.trim().toLowerCase();
      if (text === "false" || text === "") return false;
      if (text === "true") return true;
      if (/^\d+$/.test(text)) return Number(text);
      if (/^[0-9a-f.:/,\s]+$/.test(text)) return text.split(",").map((part) => part.trim());
      context.addIssue({ code: "custom", message: "must be false, true, a number of proxy hops, or a comma-separated list of proxy addresses" });
      return z.NEVER;
    }),
  // Unset: there is no /metrics at all (404). Set: a Prometheus scrape must send it as a bearer token.
  METRICS_TOKEN: optional.pipe(z.string().min(16, "must be at least 16 characters").regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces").optional()),
  SUPPORT_EMAIL: z.email().default("support@dialwise.example"),
  // Unset: the web shows our own location, translated (footer.default_location).
  SUPPORT_LOCATION: optional,
  ADMIN_EMAIL_DOMAIN: z.string().default("dialwise.example"),
  SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default("Dialwise <no-reply@dialwise.example>"),
  GOOGLE_CLIENT_ID: optional,
  // Google Analytics 4 measurement ID; unset, pages carry no analytics at all.
  ANALYTICS_ID: optional.pipe(z.string().regex(ANALYTICS_ID_PATTERN, "must be a Google Analytics 4 measurement ID such as G-ABC123DEF4").optional()),
  GOOGLE_CLIENT_SECRET: optional,
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_API_KEY: optional,
  TWILIO_API_SECRET: optional,
  TWILIO_TWIML_APP_SID: optional,
  TWILIO_CALLER_ID: optional,
  // Tests only: "adjustable" lets a browser test move the local carrier's clock forward (decision 049); refused in production.
  LOCAL_CARRIER_CLOCK: z.enum(["real", "adjustable"]).default("real"),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  // The smallest and largest purchase of credit, whole dollars or cents ("5", "500", "7.50").
  PAYMENT_MIN_USD: z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, "must be a dollar amount such as 5 or 7.50").default("5"),
  PAYMENT_MAX_USD: z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, "must be a dollar amount such as 500").default("500"),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: Env["LOG_LEVEL"];
  authSecret: string | undefined;
  rateLimitPerMinute: number;
  /** Pages (index.html under any address) per client address per minute before 429. */
  pageRateLimitPerMinute: number;
  /** Public pages rendered on the server at the same time; the others go out as the shell. */
  pageRenderConcurrency: number;
  /** Which X-Forwarded-For hops to believe (Fastify's trustProxy); false unless behind a proxy that overwrites it. */
  trustProxy: boolean | number | string[];
  /** The bearer token a scrape of /metrics must send; undefined, the route does not exist. */
  metricsToken: string | undefined;
  supportEmail: string;
  supportLocation: string | undefined;
  adminEmailDomain: string;
  mail: { smtpUrl: string | undefined; from: string };
  google: { clientId: string; clientSecret: string } | undefined;
  /** Google Analytics 4 measurement ID: pages load gtag.js after the first interaction; undefined, nothing at all. */
  analyticsId: string | undefined;
  twilio:
    | { accountSid: string; authToken: string; apiKey: string; apiSecret: string; twimlAppSid: string; callerId: string }
    | undefined;
  /** "adjustable": the local carrier's clock can be moved forward through POST /api/local-carrier/clock (tests); never in production. */
  localCarrierClock: Env["LOCAL_CARRIER_CLOCK"];
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  /** The bounds of one purchase of credit, in Money (ten-thousandths of a dollar). */
  payments: { minAmount: Money; maxAmount: Money };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates configuration; throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const google = requireAllOrNone(env, ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]);
  const twilio = requireAllOrNone(env, [
    "TWILIO_ACCOUNT_SID",
    "TWILIO_AUTH_TOKEN",
    "TWILIO_API_KEY",
    "TWILIO_API_SECRET",
    "TWILIO_TWIML_APP_SID",
    "TWILIO_CALLER_ID",
  ]);
  const stripe = requireAllOrNone(env, ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]);
  const minAmount = parseMoney(env.PAYMENT_MIN_USD);
  const maxAmount = parseMoney(env.PAYMENT_MAX_USD);
  if (minAmount <= 0 || maxAmount < minAmount) {
    throw new ConfigError("Invalid configuration:\n  PAYMENT_MIN_USD, PAYMENT_MAX_USD: the minimum must be above 0 and not above the maximum");
  }
  if (env.LOCAL_CARRIER_CLOCK === "adjustable" && env.NODE_ENV === "production") {
    throw new ConfigError("Invalid configuration:\n  LOCAL_CARRIER_CLOCK: adjustable is for tests and is refused when NODE_ENV is production");
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    authSecret: env.AUTH_SECRET,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    pageRateLimitPerMinute: env.PAGE_RATE_LIMIT_PER_MINUTE,
    pageRenderConcurrency: env.PAGE_RENDER_CONCURRENCY,
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    supportEmail: env.SUPPORT_EMAIL,
    supportLocation: env.SUPPORT_LOCATION,
    adminEmailDomain: env.ADMIN_EMAIL_DOMAIN.replace(/^@/, "").toLowerCase(),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    google: google && { clientId: google.GOOGLE_CLIENT_ID, clientSecret: google.GOOGLE_CLIENT_SECRET },
    analyticsId: env.ANALYTICS_ID,
    twilio: twilio && {
      accountSid: twilio.TWILIO_ACCOUNT_SID,
      authToken: twilio.TWILIO_AUTH_TOKEN,
      apiKey: twilio.TWILIO_API_KEY,
      apiSecret: twilio.TWILIO_API_SECRET,
      twimlAppSid: twilio.TWILIO_TWIML_APP_SID,
      callerId: twilio.TWILIO_CALLER_ID,
    },
    localCarrierClock: env.LOCAL_CARRIER_CLOCK,
    stripe: stripe && { secretKey: stripe.STRIPE_SECRET_KEY, webhookSecret: stripe.STRIPE_WEBHOOK_SECRET },
    payments: { minAmount, maxAmount },
  };
}

/** A provider's credentials come as a set: all present (use it), none (local provider), or a clear error. */
function requireAllOrNone<K extends keyof Env>(env: Env, keys: K[]): Record<K, string> | undefined {
  const present = keys.filter((key) => env[key] !== undefined);
  if (present.length === 0) return undefined;
  if (present.length < keys.length) {
    const missing = keys.filter((key) => env[key] === undefined);
    throw new ConfigError(
      `Invalid configuration:\n  ${present.join(", ")} set but ${missing.join(", ")} missing (set all or none)`,
    );
  }
  return Object.fromEntries(keys.map((key) => [key, String(env[key])])) as Record<K, string>;
}
