import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { Pencil } from "lucide-react";
import { useMemo } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { AdminTranslationRow } from "../../../shared/api/admin-translations";
import { directionOf, type Locale } from "../../../shared/i18n/locales";
import { Button } from "../../components/ui/button";
import { DataTable } from "../../components/ui/data-table";
import { ValueEditor } from "./value-editor";

// The page is already searched, filtered and paged by the server: no table feature is needed.
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, AdminTranslationRow>();

function StatusCell({ row }: { row: AdminTranslationRow }) {
  const { t } = useTranslation();
  const badges: { text: string; tone: string }[] = [];
  if (row.missing) badges.push({ text: t("admin_translations.status_missing"), tone: "bg-red-50 text-red-800" });
  else if (row.outdated) badges.push({ text: t("admin_translations.status_outdated"), tone: "bg-amber-50 text-amber-900" });
  if (row.source === "admin") badges.push({ text: t("admin_translations.status_edited"), tone: "bg-sky-50 text-sky-900" });
  return (
    <div className="flex flex-wrap gap-1">
      {badges.map((badge) => (
        <span key={badge.text} className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${badge.tone}`}>
          {badge.text}
        </span>
      ))}
    </div>
  );
}

function EditButton({ row, editing, onEdit }: { row: AdminTranslationRow; editing: boolean; onEdit: (key: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="secondary" size="sm" onClick={() => onEdit(editing ? null : row.key)} aria-expanded={editing} aria-label={`${t("admin_translations.edit")} ${row.key}`}>
      <Pencil aria-hidden="true" className="size-4" />
      {t("admin_translations.edit")}
    </Button>
  );
}

/** The value in its own language's direction (Arabic right to left even on an English page). */
const Value = ({ row, language }: { row: AdminTranslationRow; language: Locale }) => (
  <p lang={language} dir={directionOf(language)} className="text-start whitespace-pre-wrap">
    {row.value ?? "—"}
  </p>
);

/** One page of keys: key, English, the language's value, its state and Edit, which opens the editor under the row; cards on phones. */
export function TranslationsTable({
  rows,
  language,
  wide,
  busy,
  editingKey,
  onEdit,
}: {
  rows: AdminTranslationRow[];
  language: Locale;
  wide: boolean;
  busy: boolean;
  editingKey: string | null;
  onEdit: (key: string | null) => void;
}) {
  const { t } = useTranslation();
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("key", { id: "key", header: () => t("admin_translations.column_key"), cell: (info) => <code dir="ltr" className="text-xs break-all">{info.getValue()}</code>, meta: { className: "w-56" } }),
        helper.accessor("english", {
          id: "english",
          header: () => t("admin_translations.column_english"),
          cell: (info) => (
            <p lang="en" dir="ltr" className="text-start whitespace-pre-wrap text-slate-600">
              {info.getValue()}
            </p>
          ),
        }),
        helper.accessor("value", { id: "value", header: () => t("admin_translations.column_value"), cell: (info) => <Value row={info.row.original} language={language} /> }),
        helper.display({ id: "status", header: () => t("admin_translations.column_status"), cell: (info) => <StatusCell row={info.row.original} /> }),
        helper.display({ id: "edit", header: () => <span className="sr-only">{t("admin_translations.edit")}</span>, cell: (info) => <EditButton row={info.row.original} editing={info.row.original.key === editingKey} onEdit={onEdit} /> }),
      ]),
    [t, language, editingKey, onEdit],
  );
  const table = useTable({ features, columns, data: rows, getRowId: (row) => row.key });
  const editor = (row: AdminTranslationRow) =>
    row.key === editingKey ? <ValueEditor key={`${language}:${row.key}`} language={language} row={row} onDone={() => onEdit(null)} /> : null;
  return (
    <DataTable
      table={table}
      label={t("admin_translations.table_label")}
      busy={busy}
      wide={wide}
      rowDetails={(row) => editor(row.original)}
      card={(row) => (
        <div className="space-y-2">
          <code dir="ltr" className="block text-xs break-all">
            {row.original.key}
          </code>
          <p lang="en" dir="ltr" className="text-start text-sm text-slate-600">
            {row.original.english}
          </p>
          <Value row={row.original} language={language} />
          <div className="flex items-center justify-between gap-2">
            <StatusCell row={row.original} />
            <EditButton row={row.original} editing={row.original.key === editingKey} onEdit={onEdit} />
          </div>
          {editor(row.original)}
        </div>
      )}
    />
  );
}
