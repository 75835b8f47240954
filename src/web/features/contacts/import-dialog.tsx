import { useId, useState, type ChangeEvent } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { ContactImportReport } from "../../../shared/api/contacts";
import { CONTACT_IMPORT_MAX_BYTES } from "../../../shared/contacts/contact-limits";
import { CountryPicker } from "../../components/country-picker/country-picker";
import { Button } from "../../components/ui/button";
import { FileField } from "../../components/ui/file-field";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { WorkingNote } from "../../components/ui/working-note";
import { apiErrorMessage } from "../../lib/api-error-message";
import { notify } from "../../lib/notify";
import { contactErrorWording, fileLimitText } from "./contact-errors";
import { importFormatOf, useImportCommit, useImportPreview, type ImportFile } from "./contacts-api";
import { ImportReportView } from "./import-report";

/**
 * Import contacts from a CSV or vCard file: choose it (and the country its numbers without
 * a country code belong to), read the server's preview of what would be added, merged and
 * refused, then confirm. Nothing is saved before the confirmation.
 */
export function ImportDialog({ open, onClose, defaultCountry }: { open: boolean; onClose: () => void; defaultCountry: string }) {
  const { t, i18n } = useTranslation();
  const countryLabelId = useId();
  const [file, setFile] = useState<ImportFile | null>(null);
  const [country, setCountry] = useState(defaultCountry);
  const [report, setReport] = useState<ContactImportReport | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const preview = useImportPreview();
  const commit = useImportCommit();
  const number = new Intl.NumberFormat(i18n.language);

  const reset = () => {
    setFile(null);
    setReport(null);
    setFileError(null);
    preview.reset();
    commit.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const read = (next: ImportFile) => {
    setReport(null);
    preview.mutate(next, { onSuccess: setReport });
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    reset();
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    if (chosen.size > CONTACT_IMPORT_MAX_BYTES) {
      setFileError(t("errors.contacts_file_too_large", { size: fileLimitText(i18n.language) }));
      return;
    }
    const next = { format: importFormatOf(chosen), text: await chosen.text(), country };
    setFile(next);
    read(next);
  };

  const changeCountry = (code: string) => {
    setCountry(code);
    if (file) {
      const next = { ...file, country: code };
      setFile(next);
      read(next);
    }
  };

  const confirm = () => {
    if (!file) return;
    commit.mutate(file, {
      onSuccess: (result) => {
        notify.success(t("contacts.import.done", { total: number.format(result.added) }));
        close();
      },
    });
  };

  const failure = preview.error ?? commit.error;
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent title={t("contacts.import.title")} description={t("contacts.import.description", { size: fileLimitText(i18n.language) })} className="max-w-2xl">
        <div className="space-y-4">
          <FileField label={t("contacts.import.file_label")} accept=".csv,.vcf,.vcard,text/csv,text/vcard,text/x-vcard" onChange={(event) => void choose(event)} />
          <div className="space-y-1.5">
            <p id={countryLabelId} className="text-sm font-medium text-slate-800">
              {t("contacts.import.country_label")}
            </p>
            <CountryPicker value={country} onChange={changeCountry} aria-labelledby={countryLabelId} showPopular={false} />
            <p className="text-sm text-slate-500">{t("contacts.import.country_hint")}</p>
          </div>
          {fileError ? (
            <p role="alert" className="text-sm text-red-700">
              {fileError}
            </p>
          ) : null}
          {preview.isPending ? <WorkingNote label={t("contacts.import.reading")} /> : null}
          {failure ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {apiErrorMessage(t, failure, contactErrorWording(i18n.language))}
            </p>
          ) : null}
          {report ? <ImportReportView report={report} /> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              {t("contacts.cancel")}
            </Button>
            <Button onClick={confirm} disabled={!report?.canCommit || commit.isPending}>
              {report?.canCommit ? t("contacts.import.confirm_count", { total: number.format(report.toAdd.length) }) : t("contacts.import.confirm")}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
