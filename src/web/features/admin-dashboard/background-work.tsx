import { useTranslation } from "../../lib/i18n/use-translation";
import { BackgroundJobs } from "./background-jobs";
import { WebhookDeliveries } from "./webhook-deliveries";

/** The dashboard's section on work done outside requests: queued jobs (mail first) and provider events. */
export function BackgroundWork() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="background-work-title" className="mt-10 space-y-4">
      <div>
        <h2 id="background-work-title" className="text-xl font-bold text-slate-900">
          {t("background.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("background.intro")}</p>
      </div>
      {/* One card above the other: the queues' table needs the page's width to show its six columns in every language. */}
      <div className="grid gap-4 [&>*]:min-w-0">
        <BackgroundJobs />
        <WebhookDeliveries />
      </div>
    </section>
  );
}
