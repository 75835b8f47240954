import { createAuthClient } from "better-auth/react";

/** better-auth's browser client: sign-up, sign-in, verification, resets, sessions (cookies, same origin). */
export const authClient = createAuthClient({
  basePath: "/api/auth",
  // Look fetch up at call time (tests replace it; some extensions wrap it after load).
  fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
});

/** better-auth answers failures as { code, message, status }; the code picks a translated message. */
export interface AuthFailure {
  code?: string | undefined;
  message?: string | undefined;
  status: number;
}
