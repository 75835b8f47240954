import { createContext } from "react";

/** The session as the server saw it when it rendered the page (ssr/render-page.tsx): who, and until when. */
export interface SeededSession {
  user: { id: string; email: string };
  session: { expiresAt: string };
}

/**
 * A server-rendered page knows who is signed in (null: nobody) before better-auth's own
 * check returns: the page renders for them at once, on the server and in the browser
 * alike. Undefined when the page was not rendered by the server.
 */
export const SessionSeed = createContext<SeededSession | null | undefined>(undefined);
