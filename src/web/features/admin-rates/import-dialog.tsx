import { Upload } from "lucide-react";
import { useState, type ChangeEvent } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { notify } from "../../lib/notify";
import { RATE_IMPORT_MAX_CSV_CHARS, type RateImportReport } from "../../../shared/api/admin-rates";
import { Button } from "../../components/ui/button";
import { FileField } from "../../components/ui/file-field";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog";
import { WorkingNote } from "../../components/ui/working-note";
import { useImportCommit, useImportPreview } from "./admin-rates-api";
import { apiErrorMessage } from "../../lib/api-error-message";
import { ImportReportView } from "./import-report";

/**
 * Import a carrier rate deck: choose the CSV, read the server's preview of what
 * changes (and which lines it rejects), then confirm. Nothing is saved before the
 * confirmation, and a file with rejected lines cannot be confirmed.
 */
export function ImportDialog() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [csv, setCsv] = useState<string | null>(null);
  const [report, setReport] = useState<RateImportReport | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useImportPreview();
  const commit = useImportCommit();
  const number = new Intl.NumberFormat(i18n.language);

  const reset = () => {
    setCsv(null);
    setReport(null);
    setFileError(null);
    preview.reset();
    commit.reset();
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    reset();
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > RATE_IMPORT_MAX_CSV_CHARS) {
      setFileError(t("admin_rates.import_file_too_large"));
      return;
    }
    const text = await file.text();
    setCsv(text);
    preview.mutate(text, { onSuccess: setReport });
  };

  const confirm = () => {
    if (csv === null) return;
    commit.mutate(csv, {
      onSuccess: (result) => {
        notify.success(t("admin_rates.import_done", { countries: number.format(result.countries) }));
        setOpen(false);
        reset();
      },
    });
  };

  const failure = preview.error ?? commit.error;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary">
          <Upload aria-hidden="true" className="size-4" />
          {t("admin_rates.import")}
        </Button>
      </DialogTrigger>
      <DialogContent title={t("admin_rates.import_title")} description={t("admin_rates.import_description")} className="max-w-2xl">
        <div className="space-y-4">
          <FileField label={t("admin_rates.import_file_label")} accept=".csv,text/csv" onChange={(event) => void choose(event)} />
          {fileError ? (
            <p role="alert" className="text-sm text-red-700">
              {fileError}
            </p>
          ) : null}
          {preview.isPending ? <WorkingNote label={t("admin_rates.import_reading")} /> : null}
          {failure ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {apiErrorMessage(t, failure)}
            </p>
          ) : null}
          {report ? <ImportReportView report={report} /> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t("admin_rates.cancel")}
            </Button>
            <Button onClick={confirm} disabled={!report?.canCommit || commit.isPending}>
              {report ? t("admin_rates.import_confirm", { rows: number.format(report.deckRows) }) : t("admin_rates.import")}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
