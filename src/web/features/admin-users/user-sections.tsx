import type { ReactNode } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { SignIn, UserAuditEntry } from "../../../shared/api/admin-users";
import type { CallLog } from "../../../shared/api/calls";
import type { CreditLedgerRow } from "../../../shared/api/credit-audit";
import type { Payment } from "../../../shared/api/payments";
import { Card } from "../../components/ui/card";
import { NumberCell, StatusBadge } from "../../components/call-log-cells";
import { formatDuration, formatExact } from "../../lib/call-log-format";
import { useLocale } from "../../lib/use-locale";
import { formatWhen } from "./users-table";

/** A titled part of a customer's page with its rows, or a line saying there are none. */
export function Section({ id, title, empty, count, children }: { id: string; title: string; empty: string; count: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {count === 0 ? <p className="mt-2 text-sm text-slate-600">{empty}</p> : <ul className="mt-3 divide-y divide-slate-100">{children}</ul>}
      </Card>
    </section>
  );
}

/** One row of a section: what happened on the start side, the figure on the end side, when under it. */
function Row({ main, figure, when, extra }: { main: ReactNode; figure?: ReactNode; when: string; extra?: ReactNode }) {
  return (
    <li className="py-2 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="min-w-0 text-slate-900">{main}</span>
        {figure !== undefined ? <span className="tabular-nums font-medium">{figure}</span> : null}
      </div>
      <div className="text-xs text-slate-500">{when}</div>
      {extra ? <div className="mt-1 text-xs text-slate-600">{extra}</div> : null}
    </li>
  );
}

export function LedgerRows({ rows }: { rows: CreditLedgerRow[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return rows.map((row) => (
    <Row
      key={row.id}
      main={t(`credit_audit.kind.${row.kind}`)}
      figure={formatExact(row.amount, locale)}
      when={`${formatWhen(row.createdAt, locale)} · ${t("admin_users.balance_after", { balance: formatExact(row.balanceAfter, locale) })}`}
      extra={row.note ?? undefined}
    />
  ));
}

export function CallRows({ calls }: { calls: CallLog[] }) {
  const locale = useLocale();
  return calls.map((call) => (
    <Row
      key={call.id}
      main={
        <span className="flex flex-wrap items-center gap-2">
          <NumberCell call={call} />
          <StatusBadge call={call} />
        </span>
      }
      figure={formatExact(call.costUsd, locale)}
      when={`${formatWhen(call.startedAt, locale)} · ${formatDuration(call.durationSeconds, locale)}`}
    />
  ));
}

export function PaymentRows({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return payments.map((payment) => (
    <Row key={payment.id} main={t(`admin_users.payment_status.${payment.status}`)} figure={formatExact(payment.amount, locale)} when={formatWhen(payment.createdAt, locale)} />
  ));
}

export function SignInRows({ signIns }: { signIns: SignIn[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return signIns.map((signIn) => (
    <Row
      key={signIn.createdAt}
      main={
        <bdi dir="ltr" className="font-mono">
          {signIn.ipAddress ?? t("admin_users.unknown_address")}
        </bdi>
      }
      when={formatWhen(signIn.createdAt, locale)}
      extra={<span className="break-all">{signIn.userAgent ?? t("admin_users.unknown_browser")}</span>}
    />
  ));
}

/** A before/after value as plain text; the admin reads the facts, not JSON. */
function describe(value: unknown): string {
  if (value === null || value === undefined || typeof value !== "object") return String(value ?? "—");
  return Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${key}: ${String(item)}`)
    .join(", ");
}

export function AuditRows({ entries }: { entries: UserAuditEntry[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return entries.map((entry) => (
    <Row
      key={entry.id}
      main={t(`admin_users.audit_action.${entry.action.replace(".", "_")}`, { defaultValue: entry.action })}
      when={`${formatWhen(entry.createdAt, locale)} · ${t("admin_users.audit_by", { admin: entry.actorEmail ?? t("admin_users.audit_unknown_admin") })}`}
      extra={
        <dl className="grid gap-0.5">
          <div>
            <dt className="inline font-medium">{t("admin_users.audit_before")}: </dt>
            <dd className="inline break-words">{describe(entry.before)}</dd>
          </div>
          <div>
            <dt className="inline font-medium">{t("admin_users.audit_after")}: </dt>
            <dd className="inline break-words">{describe(entry.after)}</dd>
          </div>
        </dl>
      }
    />
  ));
}
