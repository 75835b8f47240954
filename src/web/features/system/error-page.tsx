import { useEffect } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { useRouteError } from "react-router";
import { clientErrorReportRoute } from "../../../shared/api/routes";
import { Button } from "../../components/ui/button";
import { callApi } from "../../lib/api-client";

/** Shown instead of a blank page when rendering throws; the error is reported to the server log. */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    const report = error instanceof Error ? { message: error.message, stack: error.stack?.slice(0, 10_000) } : { message: String(error) };
    callApi(clientErrorReportRoute, { body: { ...report, message: report.message.slice(0, 2000) || "Unknown error", url: location.href.slice(0, 2000) } }).catch(
      () => undefined,
    );
  }, [error]);
  return (
    <main id="main" role="alert" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{t("error_page.title")}</h1>
      <p className="text-slate-600">{t("error_page.description")}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => location.reload()}>{t("error_page.reload")}</Button>
        <Button variant="secondary" onClick={() => location.assign("/")}>
          {t("error_page.home")}
        </Button>
      </div>
    </main>
  );
}
