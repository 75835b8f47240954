import { useQuery } from "@tanstack/react-query";
import { useCallback, useContext, useEffect, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "../i18n/use-translation";
import { notify } from "../notify";
import type { Role } from "../../../shared/api/accounts";
import { currentAccountRoute } from "../../../shared/api/routes";
import { ApiError, callApi } from "../api-client";
import { SessionSeed, type SeededSession } from "./session-seed";
import { listenToSession, loadAuthClient, readSession, type SessionAtomValue } from "./session-store";

export const ACCOUNT_QUERY_KEY = ["account"] as const;

export type AuthStatus = "loading" | "authenticated" | "unauthenticated";

export interface AuthState {
  status: AuthStatus;
  userId: string | null;
  email: string | null;
  role: Role;
  isAdmin: boolean;
  /** Signed in through Google (or another non-email provider). */
  viaOAuth: boolean;
  sessionExpiresAt: Date | null;
}

/** What the app reads of a session: who, and until when. */
interface SessionView {
  data: SeededSession | null;
  isPending: boolean;
}

function viewOf(value: SessionAtomValue, seed: SeededSession | null | undefined): SessionView {
  if (value.isPending && seed !== undefined) return { data: seed, isPending: false };
  const data = value.data;
  return {
    data: data ? { user: { id: data.user.id, email: data.user.email }, session: { expiresAt: new Date(data.session.expiresAt).toISOString() } } : null,
    isPending: value.isPending,
  };
}

function sameView(a: SessionView, b: SessionView): boolean {
  return a.isPending === b.isPending && a.data?.user.id === b.data?.user.id && a.data?.user.email === b.data?.user.email && a.data?.session.expiresAt === b.data?.session.expiresAt;
}

/**
 * The session, seeded by a server-rendered page until better-auth's own check answers.
 * Read through a view that stays the same object while who is signed in does not change:
 * better-auth's store changes on every check (pending, refetching, answered), and each
 * change would re-render every component that asks who is signed in, the whole page
 * among them, just after it was taken over.
 */
function useSession(): SessionView {
  const seed = useContext(SessionSeed);
  const last = useRef<SessionView | null>(null);
  const read = useCallback(() => {
    const view = viewOf(readSession(), seed);
    if (last.current !== null && sameView(last.current, view)) return last.current;
    last.current = view;
    return view;
  }, [seed]);
  return useSyncExternalStore(listenToSession, read, read);
}

/**
 * Who is signed in. The session comes from better-auth (an unverified email
 * account never gets one); the role from our server (spec: get_user_role).
 * A failed role lookup leaves the role at "user" and says so once.
 */
export function useAuth(): AuthState {
  const session = useSession();
  const user = session.data?.user;
  const signedIn = Boolean(user);
  const account = useCurrentAccount();
  useRoleLookupNotices(signedIn, account.error);

  // Only the first session check shows as loading; a later refetch (after sign-up, on focus)
  // must not unmount the page the person is on.
  const settled = useRef(false);
  if (!session.isPending) settled.current = true;
  const checking = (session.isPending && !settled.current) || (signedIn && account.isPending);
  const status: AuthStatus = checking ? "loading" : signedIn && !isGone(account.error) ? "authenticated" : "unauthenticated";
  const role: Role = account.data?.role ?? "user";
  return {
    status,
    userId: user?.id ?? null,
    email: user?.email ?? null,
    role,
    isAdmin: status === "authenticated" && role === "admin",
    viaOAuth: account.data?.providers.some((provider) => provider !== "credential") ?? false,
    sessionExpiresAt: account.data ? new Date(account.data.sessionExpiresAt) : session.data?.session ? new Date(session.data.session.expiresAt) : null,
  };
}

/** The signed-in account as the server sees it (/api/me), cached per user; idle for visitors. */
export function useCurrentAccount() {
  const session = useSession();
  const userId = session.data?.user?.id;
  return useQuery({
    queryKey: [...ACCOUNT_QUERY_KEY, userId ?? "anonymous"],
    enabled: Boolean(userId),
    staleTime: 60_000,
    queryFn: () => callApi(currentAccountRoute),
  });
}

/** The session exists but the server no longer knows the account: it was deleted. */
function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

function useRoleLookupNotices(signedIn: boolean, error: unknown) {
  const { t } = useTranslation();
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!signedIn || !error || shown.current === error) return;
    shown.current = error;
    if (isGone(error)) {
      notify.error(t("auth.account_error.title"), { description: t("auth.account_error.description") });
      void loadAuthClient()
        .then((authClient) => authClient.signOut())
        .finally(() => location.replace("/"));
    } else {
      notify.warning(t("auth.auth_warning.title"), { description: t("auth.auth_warning.description") });
    }
  }, [signedIn, error, t]);
}
