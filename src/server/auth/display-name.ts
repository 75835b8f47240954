import { NAME_TOO_LONG } from "../../shared/accounts/display-name";
import { displayNameField } from "../../shared/accounts/display-name-field";

/** better-auth's endpoints whose body may name the account: sign-up and the profile update. */
const NAMING_ENDPOINTS = new Set(["/sign-up/email", "/update-user"]);

/**
 * better-auth's before-hook for the display name: on sign-up and update-user, a name is
 * made plain (displayNameField) and handed on in that form; one over the limit is refused
 * with 400 NAME_TOO_LONG before better-auth writes anything. A name that is not a string
 * is left to better-auth's own validation.
 */
export function displayNameRule(endpointPath: string | undefined, body: unknown): Response | { context: { body: Record<string, unknown> } } | undefined {
  if (endpointPath === undefined || !NAMING_ENDPOINTS.has(endpointPath)) return undefined;
  if (typeof body !== "object" || body === null || typeof (body as { name?: unknown }).name !== "string") return undefined;
  const name = displayNameField.safeParse((body as { name: string }).name);
  if (!name.success) return Response.json(NAME_TOO_LONG, { status: 400 });
  return { context: { body: { ...(body as Record<string, unknown>), name: name.data } } };
}
