import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import { DATA_EXPORT_PATH } from "../../../shared/api/profile";
import { formatUsd, parseMoney } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { PageSpinner } from "../../components/ui/spinner";
import { useCurrentAccount } from "../../lib/auth/use-auth";
import { usePageTitle } from "../../lib/use-page-title";
import { localePath, useLocale } from "../../lib/use-locale";
import { apiErrorMessage } from "../../lib/api-error-message";
import { ChangePasswordForm } from "./change-password-form";
import { DeleteAccount } from "./delete-account";
import { EmailChangeForm } from "./email-change-form";
import { useProfile } from "./profile-api";
import { ProfileDetailsForm } from "./profile-details-form";
import { signOutEverywhere } from "./sign-out";
import { SpendingForm } from "./spending-form";

/**
 * /{lang}/profile: the person's name and language, email address, balance and member since,
 * spending controls, password, sessions, their data to download, and deleting the account.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const account = useCurrentAccount();
  const profile = useProfile();
  usePageTitle(t("profile.title"));

  if (account.isPending || profile.isPending) return <PageSpinner />;
  if (account.isError || profile.isError) {
    return (
      <main id="main" className="mx-auto max-w-2xl px-4 py-10">
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          {apiErrorMessage(t, account.error ?? profile.error)}
        </p>
      </main>
    );
  }
  const { role, providers } = account.data;
  const data = profile.data;
  const memberSince = new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(new Date(data.memberSince));
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">{t("profile.title")}</h1>
      <Section id="profile-account" title={t("profile.account")}>
        <dl className="grid gap-3 sm:grid-cols-[10rem_1fr]">
          <dt className="text-sm text-slate-500">{t("auth.email")}</dt>
          <dd className="break-all font-medium">
            {data.email}{" "}
            <span className="ms-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-800">{data.emailVerified ? t("profile.verified") : t("profile.unverified")}</span>
          </dd>
          <dt className="text-sm text-slate-500">{t("profile.balance")}</dt>
          <dd className="flex flex-wrap items-center gap-3">
            <span className="font-semibold tabular-nums">{formatUsd(parseMoney(data.balance), locale, 2)}</span>
            <Link to={localePath(locale, "/phone")} className="text-sm font-medium text-brand-700 underline underline-offset-2">
              {t("nav.buy_credits")}
            </Link>
          </dd>
          <dt className="text-sm text-slate-500">{t("profile.member_since")}</dt>
          <dd>{memberSince}</dd>
          <dt className="text-sm text-slate-500">{t("profile.role")}</dt>
          <dd>{role === "admin" ? t("profile.role_admin") : t("profile.role_user")}</dd>
          <dt className="text-sm text-slate-500">{t("profile.sign_in_with")}</dt>
          <dd>{providers.map((provider) => (provider === "credential" ? t("profile.provider_password") : provider === "google" ? "Google" : provider)).join(", ")}</dd>
        </dl>
      </Section>
      <Section id="profile-details" title={t("profile.details")}>
        <ProfileDetailsForm profile={data} />
      </Section>
      <Section id="profile-spending" title={t("profile.spending")} description={t("profile.spending_description")}>
        <SpendingForm spending={data.spending} />
      </Section>
      <Section id="profile-email" title={t("profile.change_email")}>
        <EmailChangeForm currentEmail={data.email} />
      </Section>
      {providers.includes("credential") ? (
        <Section id="profile-password" title={t("profile.change_password")}>
          <ChangePasswordForm />
        </Section>
      ) : null}
      <Section id="profile-sessions" title={t("profile.sessions")} description={t("profile.sessions_description")}>
        <Button variant="danger" onClick={() => void signOutEverywhere(locale)}>
          {t("nav.sign_out")}
        </Button>
      </Section>
      <Section id="profile-export" title={t("profile.export")} description={t("profile.export_description")}>
        <Button asChild variant="secondary">
          <a href={DATA_EXPORT_PATH} download>
            {t("profile.export_button")}
          </a>
        </Button>
      </Section>
      <Section id="profile-delete" title={t("profile.delete")}>
        <DeleteAccount email={data.email} />
      </Section>
    </main>
  );
}

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export default ProfilePage;

/** The strings this page waits for (app/page-routes.tsx): the profile's words and the password form's, which it shares with the reset page. */
export const pageStrings = ["profile.", "reset."];
