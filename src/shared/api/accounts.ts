import { z } from "zod";
import { emailField } from "../accounts/canonical-email";
import { displayNameField } from "../accounts/display-name-field";
import { LOCALES } from "../i18n/locales";
import { defineEndpoint } from "./endpoint";

export const roleSchema = z.enum(["user", "admin"]);
export type Role = z.infer<typeof roleSchema>;

/** The spec's get_user_role, plus what the guards read: the signed-in account as the server sees it. */
export const currentAccount = defineEndpoint({
  method: "GET",
  path: "/api/me",
  access: "user",
  summary: "The signed-in account: role, verification and sign-in providers",
  response: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    role: roleSchema,
    /** "credential" for email + password, "google", … */
    providers: z.array(z.string()),
    sessionExpiresAt: z.iso.datetime({ offset: true }),
    /** The preferred language (the profile's); the web app switches to it once a session starts. Null: none chosen. */
    locale: z.enum(LOCALES).nullable(),
  }),
});

/** What the sign-in screen may offer; Google only when it is configured. */
export const authOptions = defineEndpoint({
  method: "GET",
  path: "/api/auth-options",
  access: "public",
  summary: "Sign-in options: Google availability, the admin email domain, password rules",
  response: z.object({
    google: z.boolean(),
    adminEmailDomain: z.string(),
    passwordMinLength: z.number(),
  }),
});

/**
 * The spec's create-admin: signs up an account at the company domain that becomes an
 * administrator once the address's owner has chosen its password from the emailed
 * invitation (never before, and never with the password sent here).
 */
export const adminSignUp = defineEndpoint({
  method: "POST",
  path: "/api/accounts/admin-sign-up",
  access: "public",
  summary: "Create an administrator account (company email domain; granted once the password is chosen from the emailed invitation)",
  body: z.object({
    email: emailField,
    password: z.string().min(6).max(128),
    name: displayNameField.optional(),
    /** Where the verification link sends the person back to: /{lang}/auth. */
    callbackURL: z.string().regex(/^\/[a-z]{2}\/auth$/).optional(),
  }),
  response: z.object({ status: z.literal("verification_sent") }),
  status: 201,
});
