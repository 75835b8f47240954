import { useState, type ChangeEvent } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { TranslationImportReport } from "../../../shared/api/admin-translations";
import { LOCALE_NAMES, type Locale } from "../../../shared/i18n/locales";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { FileField } from "../../components/ui/file-field";
import { apiErrorMessage } from "../../lib/api-error-message";
import { notify } from "../../lib/notify";
import { markupMessage } from "./markup-message";
import { readImportFile, useImportTranslations, usePreviewImport } from "./translations-api";

/** Choose a JSON file, see the server's preview (what changes, what is refused and why), then import it all or nothing. */
export function ImportTranslationsDialog({ language, open, onClose }: { language: Locale; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [strings, setStrings] = useState<Record<string, string> | null>(null);
  const [notJson, setNotJson] = useState(false);
  const preview = usePreviewImport();
  const commit = useImportTranslations();
  const close = () => {
    setStrings(null);
    setNotJson(false);
    preview.reset();
    commit.reset();
    onClose();
  };
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const read = readImportFile(await file.text());
    setNotJson(read === null);
    setStrings(read);
    commit.reset();
    if (read) preview.mutate({ language, strings: read });
    else preview.reset();
  };
  const report = preview.data;
  const blocked = !report || report.unknownKeys.length > 0 || report.refused.length > 0;
  const confirm = () => {
    if (!strings) return;
    commit.mutate(
      { language, strings },
      {
        onSuccess: (done) => {
          notify.success(t("admin_translations.imported", { count: done.changed.length }));
          close();
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent title={t("admin_translations.import_title", { language: LOCALE_NAMES[language].name })} description={t("admin_translations.import_hint")}>
        <div className="space-y-4">
          <FileField label={t("admin_translations.import_file")} accept="application/json,.json" onChange={(event) => void choose(event)} />
          {notJson ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {t("admin_translations.import_not_json")}
            </p>
          ) : null}
          {preview.isError ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {apiErrorMessage(t, preview.error)}
            </p>
          ) : null}
          {report ? <ImportReport report={report} /> : null}
          {commit.isError ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {apiErrorMessage(t, commit.error)}
            </p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              {t("admin_translations.cancel")}
            </Button>
            <Button onClick={confirm} disabled={blocked || preview.isPending || commit.isPending}>
              {t("admin_translations.import_confirm")}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The preview's counts, then each unknown key and each refused value with what its markup lacks or adds. */
function ImportReport({ report }: { report: TranslationImportReport }) {
  const { t } = useTranslation();
  const problems = report.unknownKeys.length + report.refused.length;
  return (
    <div role="status" className="space-y-3 text-sm">
      <ul className="grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-3">
        <li>{t("admin_translations.import_changed", { count: report.changed.length })}</li>
        <li>{t("admin_translations.import_unchanged", { count: report.unchanged })}</li>
        <li>{t("admin_translations.import_skipped", { count: report.skippedEmpty })}</li>
        <li className={report.unknownKeys.length > 0 ? "font-medium text-red-800" : undefined}>{t("admin_translations.import_unknown", { count: report.unknownKeys.length })}</li>
        <li className={report.refused.length > 0 ? "font-medium text-red-800" : undefined}>{t("admin_translations.import_refused", { count: report.refused.length })}</li>
      </ul>
      {problems > 0 ? (
        <div className="space-y-2 rounded-xl bg-red-50 p-3 text-red-900">
          <p className="font-medium">{t("admin_translations.import_blocked")}</p>
          {/* Unknown keys first, then each refused value with what its markup lacks or adds. */}
          <ul className="max-h-48 space-y-1 overflow-y-auto">
            {report.unknownKeys.map((key) => (
              <li key={`unknown:${key}`}>
                <code dir="ltr">{key}</code>
              </li>
            ))}
            {report.refused.map((entry) => (
              <li key={`refused:${entry.key}`}>
                <code dir="ltr">{entry.key}</code> · {markupMessage(t, entry)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.changed.length > 0 ? (
        <ul aria-label={t("admin_translations.import_changed", { count: report.changed.length })} className="max-h-48 space-y-1 overflow-y-auto rounded-xl bg-white p-3 ring-1 ring-slate-200">
          {report.changed.slice(0, 50).map((change) => (
            <li key={change.key}>
              <code dir="ltr">{change.key}</code>: {change.after}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
