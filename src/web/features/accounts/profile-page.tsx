import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { PageSpinner } from "../../components/ui/spinner";
import { usePageTitle } from "../../lib/use-page-title";
import { useLocale } from "../../lib/use-locale";
import { ChangePasswordForm } from "./change-password-form";
import { signOutEverywhere } from "./sign-out";
import { useCurrentAccount } from "../../lib/auth/use-auth";

/** /{lang}/profile: who you are signed in as, your password, and signing out everywhere. */
export function ProfilePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const account = useCurrentAccount();
  usePageTitle(t("profile.title"));

  if (account.isPending) return <PageSpinner />;
  if (account.isError) {
    return (
      <main id="main" className="mx-auto max-w-2xl px-4 py-10">
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          {t("errors.internal_error")}
        </p>
      </main>
    );
  }
  const { email, emailVerified, role, providers } = account.data;
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">{t("profile.title")}</h1>
      <section aria-labelledby="profile-account" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="profile-account" className="text-lg font-semibold">
          {t("profile.account")}
        </h2>
        <dl className="mt-4 grid gap-3 sm:grid-cols-[10rem_1fr]">
          <dt className="text-sm text-slate-500">{t("auth.email")}</dt>
          <dd className="break-all font-medium">
            {email}{" "}
            <span className="ms-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-800">{emailVerified ? t("profile.verified") : t("profile.unverified")}</span>
          </dd>
          <dt className="text-sm text-slate-500">{t("profile.role")}</dt>
          <dd>{role === "admin" ? t("profile.role_admin") : t("profile.role_user")}</dd>
          <dt className="text-sm text-slate-500">{t("profile.sign_in_with")}</dt>
          <dd>{providers.map((provider) => (provider === "credential" ? t("profile.provider_password") : provider === "google" ? "Google" : provider)).join(", ")}</dd>
        </dl>
      </section>
      {providers.includes("credential") ? (
        <section aria-labelledby="profile-password" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="profile-password" className="mb-4 text-lg font-semibold">
            {t("profile.change_password")}
          </h2>
          <ChangePasswordForm />
        </section>
      ) : null}
      <section aria-labelledby="profile-sessions" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="profile-sessions" className="text-lg font-semibold">
          {t("profile.sessions")}
        </h2>
        <p className="mt-1 text-slate-600">{t("profile.sessions_description")}</p>
        <Button variant="danger" className="mt-4" onClick={() => void signOutEverywhere(locale)}>
          {t("nav.sign_out")}
        </Button>
      </section>
    </main>
  );
}

export default ProfilePage;

/** The strings this page waits for (app/page-routes.tsx): the profile's words and the password form's, which it shares with the reset page. */
export const pageStrings = ["profile.", "reset."];
