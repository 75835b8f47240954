import { ArrowLeft, MessageSquare } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link, useParams } from "react-router";
import type { AdminUserProfile } from "../../../shared/api/admin-users";
import { LOCALE_NAMES } from "../../../shared/i18n/locales";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { PAGE_WIDTH } from "../../components/ui/page-width";
import { PageSpinner } from "../../components/ui/spinner";
import { apiErrorMessage } from "../../lib/api-error-message";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { usePageTitle } from "../../lib/use-page-title";
import { AdjustmentForm } from "../../components/credit-adjustment-form";
import { formatExact } from "../../lib/call-log-format";
import { useAdminUserDetail, useUserActions } from "./admin-users-api";
import { UserActions } from "./user-actions";
import { UserBadges } from "./user-badges";
import { AuditRows, CallRows, LedgerRows, PaymentRows, Section, SignInRows } from "./user-sections";
import { formatWhen } from "./users-table";

/** The account's facts: who, since when, in which language, its standing and balance. */
function ProfileCard({ profile }: { profile: AdminUserProfile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const yes = (value: boolean) => (value ? t("admin_users.yes") : t("admin_users.no"));
  const facts: [string, string][] = [
    [t("admin_users.field.name"), profile.name || "—"],
    [t("admin_users.field.role"), t(`admin_users.role.${profile.role}`)],
    [t("admin_users.field.verified"), yes(profile.emailVerified)],
    [t("admin_users.field.banned"), profile.banned ? `${yes(true)} · ${formatWhen(profile.bannedAt, locale)}` : yes(false)],
    [t("admin_users.field.created"), formatWhen(profile.createdAt, locale)],
    [t("admin_users.field.last_active"), formatWhen(profile.lastActiveAt, locale)],
    [t("admin_users.field.language"), profile.locale ? (LOCALE_NAMES[profile.locale as keyof typeof LOCALE_NAMES]?.name ?? profile.locale) : "—"],
  ];
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p dir="ltr" className="truncate text-start text-lg font-semibold text-slate-900">
            {profile.email}
          </p>
          <UserBadges account={profile} className="mt-1" />
        </div>
        <div className="text-end">
          <p className="text-sm text-slate-600">{t("admin_users.field.balance")}</p>
          <p className="text-2xl font-bold tabular-nums text-slate-900">{formatExact(profile.balance, locale)}</p>
        </div>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="text-slate-500">{label}:</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
        {profile.banned && profile.banReason ? (
          <div className="sm:col-span-2">
            <dt className="text-slate-500">{t("admin_users.field.ban_reason")}:</dt>
            <dd className="whitespace-pre-wrap text-slate-900">{profile.banReason}</dd>
          </div>
        ) : null}
      </dl>
    </Card>
  );
}

/** /{lang}/users/:userId: one customer's profile, money, calls, sign-ins and the audit, with what an admin may do. */
export function UserPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { userId = "" } = useParams();
  const detail = useAdminUserDetail(userId);
  const { refresh } = useUserActions(userId);
  usePageTitle(detail.data ? t("admin_users.customer_title", { email: detail.data.profile.email }) : t("admin_users.title"));
  const data = detail.data;

  return (
    <main id="main" className={cn(PAGE_WIDTH, "space-y-6 py-10")}>
      <Link to={`/${locale}/users`} className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        {t("admin_users.back")}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">{t("admin_users.customer_heading")}</h1>
      {detail.isPending ? <PageSpinner /> : null}
      {detail.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl bg-red-50 p-4 text-red-800">
          <p>{apiErrorMessage(t, detail.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => void detail.refetch()}>
            {t("admin_users.retry")}
          </Button>
        </div>
      ) : null}
      {data ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="space-y-6">
            <ProfileCard profile={data.profile} />
            <UserActions profile={data.profile} />
            <AdjustmentForm customerEmail={data.profile.email} onAdjusted={() => void refresh()} />
            <section aria-labelledby="user-support">
              <Card>
                <h2 id="user-support" className="text-lg font-semibold text-slate-900">
                  {t("admin_users.support")}
                </h2>
                {data.supportConversationId ? (
                  <Link to={`/${locale}/admin-support?c=${encodeURIComponent(data.supportConversationId)}`} className="mt-2 inline-flex items-center gap-2 text-brand-700 hover:underline">
                    <MessageSquare aria-hidden="true" className="size-4" />
                    {t("admin_users.support_open")}
                  </Link>
                ) : (
                  <p className="mt-2 text-sm text-slate-600">{t("admin_users.support_none")}</p>
                )}
              </Card>
            </section>
            <Section id="user-audit" title={t("admin_users.audit")} empty={t("admin_users.audit_empty")} count={data.audit.length}>
              <AuditRows entries={data.audit} />
            </Section>
          </div>
          <div className="space-y-6">
            <Section id="user-ledger" title={t("admin_users.ledger")} empty={t("admin_users.ledger_empty")} count={data.ledger.length}>
              <LedgerRows rows={data.ledger} />
            </Section>
            <Section id="user-calls" title={t("admin_users.calls")} empty={t("admin_users.calls_empty")} count={data.calls.length}>
              <CallRows calls={data.calls} />
            </Section>
            <Section id="user-payments" title={t("admin_users.payments")} empty={t("admin_users.payments_empty")} count={data.payments.length}>
              <PaymentRows payments={data.payments} />
            </Section>
            <Section id="user-sign-ins" title={t("admin_users.sign_ins")} empty={t("admin_users.sign_ins_empty")} count={data.signIns.length}>
              <SignInRows signIns={data.signIns} />
            </Section>
          </div>
        </div>
      ) : null}
    </main>
  );
}

