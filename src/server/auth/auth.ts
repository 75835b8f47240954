import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { account, session, user, verification } from "../db/schema/auth";

export interface AuthDependencies {
  db: Database;
  config: Config;
  secret: string;
}

/** better-auth owns passwords, sessions and OAuth; we own roles and what a role may do. */
export function createAuth({ db, config, secret }: AuthDependencies) {
  return betterAuth({
    appName: "Dialwise",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, { provider: "pg", schema: { user, session, account, verification } }),
    user: {
      additionalFields: {
        // input: false: a sign-up request can never choose its own role.
        role: { type: "string", required: false, defaultValue: "user", input: false },
      },
    },
    emailAndPassword: { enabled: true, minPasswordLength: 6, maxPasswordLength: 128 },
    // Our own limiter covers the API; better-auth's in-memory one would not be shared between instances.
    rateLimit: { enabled: false },
    advanced: { cookiePrefix: "dialwise" },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
