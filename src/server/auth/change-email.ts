/**
 * better-auth's email links carry a signed token (a JWT) whose payload says what the link is
 * for. These read it from a link better-auth built or has just verified, to choose our email:
 * a change of address is confirmed from the new address, and the old one is told afterwards.
 * Nothing here trusts the token: better-auth checked its signature before any of this runs.
 */

export interface EmailChangeToken {
  /** The address the account had when the change was asked for. */
  email: string;
  /** The address it moves to. */
  updateTo: string;
}

/** The email-change step of a verification link (its `token` parameter), or null for any other link. */
export function emailChangeOf(link: string | undefined): EmailChangeToken | null {
  if (!link) return null;
  let token: string | null;
  try {
    token = new URL(link, "http://localhost").searchParams.get("token");
  } catch {
    return null;
  }
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { email?: unknown; updateTo?: unknown; requestType?: unknown };
    if (parsed.requestType !== "change-email-verification" || typeof parsed.email !== "string" || typeof parsed.updateTo !== "string") return null;
    return { email: parsed.email, updateTo: parsed.updateTo };
  } catch {
    return null;
  }
}
