import { ChevronLeft, ChevronRight } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { WebhookDelivery, WebhookDeliveryFilter } from "../../../shared/api/admin-background";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { cn } from "../../lib/cn";
import { useWebhookDeliveries } from "./background-api";
import { formatMoment } from "./background-format";
import { apiErrorMessage } from "../../lib/api-error-message";

const OUTCOME_STYLE: Record<WebhookDelivery["outcome"], string> = {
  processed: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  ignored: "bg-slate-100 text-slate-700 ring-slate-200",
  rejected: "bg-red-50 text-red-800 ring-red-200",
  retry: "bg-amber-50 text-amber-900 ring-amber-200",
};

function Delivery({ delivery }: { delivery: WebhookDelivery }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <li className="space-y-2 py-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 break-all font-medium text-slate-900">
          <bdi dir="ltr">
            {delivery.provider}
            {delivery.eventType ? ` · ${delivery.eventType}` : ""}
          </bdi>
        </p>
        <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold ring-1", OUTCOME_STYLE[delivery.outcome])}>{t(`background.webhooks.outcome_${delivery.outcome}`)}</span>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">{t("background.webhooks.event_id")}</dt>
        <dd className="min-w-0 break-all font-mono text-xs" dir="ltr">
          {delivery.eventId}
        </dd>
        <dt className="text-slate-600">{t("background.webhooks.received")}</dt>
        <dd>
          <time dateTime={delivery.lastReceivedAt}>{formatMoment(delivery.lastReceivedAt, i18n.language)}</time>
        </dd>
        <dt className="text-slate-600">{t("background.webhooks.deliveries")}</dt>
        <dd className="tabular-nums">{number.format(delivery.deliveries)}</dd>
        <dt className="text-slate-600">{t("background.webhooks.attempts")}</dt>
        <dd className="tabular-nums">{number.format(delivery.attempts)}</dd>
        {delivery.error ? (
          <>
            <dt className="text-slate-600">{t("background.webhooks.reason")}</dt>
            <dd className="min-w-0">
              <code dir="ltr" className="block whitespace-pre-wrap break-words rounded bg-slate-50 px-2 py-1 text-start text-xs text-slate-800">
                {delivery.error}
              </code>
            </dd>
          </>
        ) : null}
      </dl>
    </li>
  );
}

/** The provider events we received, newest first, with what became of each; the problems on their own at a press. */
export function WebhookDeliveries() {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<WebhookDeliveryFilter>("all");
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(filter, page);
  const number = new Intl.NumberFormat(i18n.language);
  const pages = deliveries.data ? Math.max(1, Math.ceil(deliveries.data.total / deliveries.data.pageSize)) : 1;
  const choose = (next: WebhookDeliveryFilter) => {
    setFilter(next);
    setPage(1);
  };

  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold text-slate-900">{t("background.webhooks.title")}</h3>
        <div role="group" aria-label={t("background.webhooks.filter")} className="inline-flex gap-1 rounded-lg bg-slate-100 p-1">
          {(["all", "problems"] as const).map((option) => (
            <Button key={option} size="sm" variant={filter === option ? "secondary" : "ghost"} aria-pressed={filter === option} onClick={() => choose(option)}>
              {t(`background.webhooks.filter_${option}`)}
            </Button>
          ))}
        </div>
      </div>
      {deliveries.isPending ? <Spinner /> : null}
      {deliveries.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {apiErrorMessage(t, deliveries.error)}
        </p>
      ) : null}
      {deliveries.data && deliveries.data.deliveries.length === 0 ? (
        <p className="text-sm text-slate-600">{filter === "problems" ? t("background.webhooks.none_problems") : t("background.webhooks.none")}</p>
      ) : null}
      {deliveries.data && deliveries.data.deliveries.length > 0 ? (
        <>
          <ul className="divide-y divide-slate-100">
            {deliveries.data.deliveries.map((delivery) => (
              <Delivery key={delivery.id} delivery={delivery} />
            ))}
          </ul>
          <nav aria-label={t("background.webhooks.pages")} className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600" aria-live="polite">
              {t("background.webhooks.page_status", { page: number.format(page), pages: number.format(pages), total: number.format(deliveries.data.total) })}
            </p>
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" onClick={() => setPage(page - 1)} disabled={page <= 1}>
                <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
                {t("background.webhooks.previous")}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setPage(page + 1)} disabled={page >= pages}>
                {t("background.webhooks.next")}
                <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
              </Button>
            </div>
          </nav>
        </>
      ) : null}
    </Card>
  );
}
