import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Outlet } from "react-router";
import { PageSpinner } from "../../components/ui/spinner";
import { useAuth } from "../../lib/auth/use-auth";
import { CommittedBoundary } from "../../lib/committed-boundary";
import { Island } from "../../lib/islands";
import { useSessionWatch } from "../../features/accounts/use-session-watch";
import { useAccountLanguage } from "../../features/accounts/use-account-language";
import { useLiveEvents } from "../../lib/live-events";
import { CallDock } from "../../features/calls/call-dock";
import { CallSessionProvider } from "../../features/calls/call-session";
import { ScrollToTop } from "../scroll-to-top";
import { SiteHeader } from "./header/site-header";
import { SiteFooter } from "./site-footer";

/**
 * The frame every page lives in: header, content (the route's page, or `children`), footer, the
 * signed-in user's live events, and a customer's voice device with its call dock (an incoming call
 * rings on every page).
 */
export function AppShell({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const auth = useAuth();
  useLiveEvents(auth.status === "authenticated");
  useSessionWatch(auth);
  useAccountLanguage(auth);
  return (
    <CallSessionProvider>
      <div className="flex min-h-dvh flex-col">
        <ScrollToTop />
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
          {t("common.skip_to_content")}
        </a>
        <Island name="header">
          <SiteHeader />
        </Island>
        <div className="flex-1 pt-16">
          {/* The page's own boundary says when it is taken over: a signed-in page's parts are in no island. */}
          <CommittedBoundary fallback={<PageSpinner />}>{children ?? <Outlet />}</CommittedBoundary>
        </div>
        <Island name="footer" deferred>
          <SiteFooter />
        </Island>
        <CallDock />
      </div>
    </CallSessionProvider>
  );
}
