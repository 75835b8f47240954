import type { FastifyRequest } from "fastify";
import type { Auth } from "./auth";
import { surfaceAuthOutage } from "./swallowed-outage";

/** Who is asking: resolved from the session cookie by better-auth. */
export interface Viewer {
  userId: string;
  email: string;
  emailVerified: boolean;
  role: "user" | "admin";
  sessionId: string;
  /** When this session ends unless it is used (better-auth extends it at most once a day). */
  sessionExpiresAt: Date;
}

export function requestHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

export async function resolveViewer(auth: Auth, request: FastifyRequest): Promise<Viewer | null> {
  // No session because the database was lost is a 503, not a signed-out visitor (nor better-auth's 500).
  const found = await surfaceAuthOutage(() => auth.api.getSession({ headers: requestHeaders(request) }), (session) => session === null);
  if (!found) return null;
  // A session that slipped in while its account was being banned counts for nothing (decision 039).
  if ((found.user as { banned?: unknown }).banned === true) return null;
  const role = (found.user as { role?: unknown }).role === "admin" ? "admin" : "user";
  return {
    userId: found.user.id,
    email: found.user.email,
    emailVerified: found.user.emailVerified,
    role,
    sessionId: found.session.id,
    sessionExpiresAt: new Date(found.session.expiresAt),
  };
}
