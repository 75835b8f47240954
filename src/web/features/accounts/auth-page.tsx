import { Tabs } from "radix-ui";
import { useEffect, useRef } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { notify } from "../../lib/notify";
import { PageSpinner } from "../../components/ui/spinner";
import { usePageTitle } from "../../lib/use-page-title";
import { useLocale } from "../../lib/use-locale";
import { useAuthOptions } from "./auth-options";
import { GoogleSignIn, OAUTH_RETURN_KEY } from "./google-sign-in";
import { landingPath } from "./landing";
import { LoginForm } from "./login-form";
import { SignupForm } from "./signup-form";
import { useAuth } from "../../lib/auth/use-auth";

const TAB_CLASS =
  "flex-1 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm";

/** /{lang}/auth and /{lang}/signup: log in or sign up; a signed-in person is sent on. */
export function AuthPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const auth = useAuth();
  const options = useAuthOptions();
  const sentOn = useRef(false);
  usePageTitle(t("auth.page_title"));

  useVerificationNotice(params, setParams);

  useEffect(() => {
    if (auth.status !== "authenticated" || sentOn.current) return;
    sentOn.current = true;
    const target = landingPath(locale, auth.isAdmin);
    // Returning from Google: the spec waits 500 ms so the session settles before moving on.
    const fromOAuth = sessionStorage.getItem(OAUTH_RETURN_KEY) === "1";
    sessionStorage.removeItem(OAUTH_RETURN_KEY);
    const go = () => void navigate(target, { replace: true });
    if (fromOAuth) window.setTimeout(go, 500);
    else go();
  }, [auth.status, auth.isAdmin, locale, navigate]);

  if (auth.status !== "unauthenticated") return <PageSpinner />;
  const defaultTab = pathname.endsWith("/signup") || params.get("tab") === "signup" ? "signup" : "login";
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <h1 className="mb-6 text-center text-2xl font-bold text-slate-900">{t("auth.heading")}</h1>
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <Tabs.Root defaultValue={defaultTab}>
          <Tabs.List aria-label={t("auth.heading")} className="mb-6 flex gap-1 rounded-xl bg-slate-100 p-1">
            <Tabs.Trigger value="login" className={TAB_CLASS}>
              {t("auth.tab_login")}
            </Tabs.Trigger>
            <Tabs.Trigger value="signup" className={TAB_CLASS}>
              {t("auth.tab_signup")}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="login">
            <LoginForm />
          </Tabs.Content>
          <Tabs.Content value="signup">
            <SignupForm />
          </Tabs.Content>
        </Tabs.Root>
        {options.data?.google ? (
          <div className="mt-6 space-y-4">
            <div className="flex items-center gap-3 text-xs uppercase text-slate-500">
              <span className="h-px flex-1 bg-slate-200" />
              {t("auth.or")}
              <span className="h-px flex-1 bg-slate-200" />
            </div>
            <GoogleSignIn />
          </div>
        ) : null}
      </div>
    </main>
  );
}

const LINK_ERRORS = new Set(["INVALID_TOKEN", "TOKEN_EXPIRED", "USER_NOT_FOUND"]);

/** A followed verification link lands here with ?verified=1 (or an error): say so once, then tidy the URL. */
function useVerificationNotice(params: URLSearchParams, setParams: ReturnType<typeof useSearchParams>[1]) {
  const { t } = useTranslation();
  // The effect runs again when more strings arrive (a new `t`) before the address is tidied: the notice shows once, and
  // tidying again then would undo the move on to the start page.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const verified = params.get("verified") === "1";
    const error = params.get("error");
    if (!verified && !error) return;
    if (handled.current === params.toString()) return;
    handled.current = params.toString();
    if (verified) notify.success(t("auth.email_verified.title"), { description: t("auth.email_verified.description") });
    // Verification links fail with these codes; anything else comes back from Google.
    else if (error && LINK_ERRORS.has(error)) notify.error(t("auth.link_invalid"));
    else notify.error(t("auth.google_failed"));
    const next = new URLSearchParams(params);
    next.delete("verified");
    next.delete("error");
    setParams(next, { replace: true });
  }, [params, setParams, t]);
}

export default AuthPage;
