/** better-auth's endpoints whose body may carry the account's picture: sign-up and the profile update. */
const PICTURING_ENDPOINTS = new Set(["/sign-up/email", "/update-user"]);

/** Longer than any picture address a person or a sign-in provider uses; short enough that no session answer is swollen by it. */
export const ACCOUNT_IMAGE_MAX_LENGTH = 2048;

export const IMAGE_INVALID = {
  code: "IMAGE_INVALID",
  message: `A profile picture must be an https address of at most ${ACCOUNT_IMAGE_MAX_LENGTH} characters.`,
} as const;

/**
 * An https address written as the URL parser writes it back, with no user name or password:
 * text the parser would have tidied (spaces and control characters dropped, "https:host"
 * read as "https://host/", markup escaped) is kept as sent, so it is refused, not trusted.
 */
function isPictureAddress(value: string): boolean {
  if (value.length > ACCOUNT_IMAGE_MAX_LENGTH) return false;
  const url = URL.parse(value);
  return url !== null && url.protocol === "https:" && url.href === value && url.username === "" && url.password === "";
}

/**
 * better-auth's before-hook for the account's picture. Dialwise shows none, but
 * better-auth keeps what sign-up and update-user are sent and hands it back in every
 * session answer, so any text up to the body limit could be stored and served. A
 * picture is absent, null (none), or an https address within the limit; anything else
 * is refused with 400 IMAGE_INVALID before better-auth writes. A Google profile's
 * picture comes from the server's own sign-in, not through these endpoints.
 */
export function accountImageRule(endpointPath: string | undefined, body: unknown): Response | undefined {
  if (endpointPath === undefined || !PICTURING_ENDPOINTS.has(endpointPath)) return undefined;
  if (typeof body !== "object" || body === null || !("image" in body)) return undefined;
  const image: unknown = (body as { image: unknown }).image;
  if (image === null || image === undefined || (typeof image === "string" && isPictureAddress(image))) return undefined;
  return Response.json(IMAGE_INVALID, { status: 400 });
}
