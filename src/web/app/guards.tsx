import { useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { PageSpinner } from "../components/ui/spinner";
import { useAuth } from "../lib/auth/use-auth";
import { useLocale } from "../lib/use-locale";

/** Where a pending redirect waits while a person signs in (restored after OAuth too). */
export const PENDING_REDIRECT_KEY = "pending_redirect";

/**
 * Redirects once per mount, replacing the history entry (spec), when `shouldRedirect` settles true.
 * Renders a centred spinner while the session is being checked.
 */
function useGuard(shouldRedirect: (auth: ReturnType<typeof useAuth>) => boolean, target: string, rememberPath: boolean) {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const redirected = useRef(false);
  const redirect = auth.status !== "loading" && shouldRedirect(auth);
  useEffect(() => {
    if (!redirect || redirected.current) return;
    redirected.current = true;
    if (rememberPath) sessionStorage.setItem(PENDING_REDIRECT_KEY, `${location.pathname}${location.search}`);
    void navigate(target, { replace: true });
  }, [redirect, navigate, target, rememberPath, location.pathname, location.search]);
  return auth.status === "loading" || redirect;
}

/** Customer pages: anonymous visitors go to /{lang}/auth, and come back after signing in. */
export function RequireUser({ redirectTo }: { redirectTo?: string }) {
  const locale = useLocale();
  const waiting = useGuard((auth) => auth.status !== "authenticated", redirectTo ?? `/${locale}/auth`, true);
  return waiting ? <PageSpinner /> : <Outlet />;
}

/** Admin pages: anyone who is not an administrator goes to /{lang}. */
export function RequireAdmin({ redirectTo }: { redirectTo?: string }) {
  const locale = useLocale();
  const waiting = useGuard((auth) => !auth.isAdmin, redirectTo ?? `/${locale}`, false);
  return waiting ? <PageSpinner /> : <Outlet />;
}
