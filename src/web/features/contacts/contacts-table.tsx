import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { Contact } from "../../../shared/api/contacts";
import { CountryCell } from "../../components/call-log-cells";
import { DataTable } from "../../components/ui/data-table";
import { ActionsCell, PhoneCell, PriceCell, type ContactActions } from "./contact-cells";

// The server already orders and searches the list: no table feature is needed.
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, Contact>();

/** The contacts: a table on wide screens, cards on phones. */
export function ContactsTable({ contacts, wide, busy, onEdit, onDelete }: { contacts: Contact[]; wide: boolean; busy: boolean } & ContactActions) {
  const { t } = useTranslation();
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("name", { id: "name", header: () => t("contacts.column.name"), cell: (info) => <span className="font-medium text-slate-900">{info.getValue()}</span> }),
        helper.accessor("phone", { id: "phone", header: () => t("contacts.column.number"), cell: (info) => <PhoneCell contact={info.row.original} /> }),
        helper.accessor("countryCode", { id: "country", header: () => t("contacts.column.country"), cell: (info) => <CountryCell code={info.getValue()} /> }),
        helper.accessor("rate", { id: "rate", header: () => t("contacts.column.price"), cell: (info) => <PriceCell contact={info.row.original} /> }),
        helper.display({
          id: "actions",
          header: () => <span className="sr-only">{t("contacts.column.actions")}</span>,
          cell: (info) => <ActionsCell contact={info.row.original} onEdit={onEdit} onDelete={onDelete} />,
        }),
      ]),
    [t, onEdit, onDelete],
  );
  const table = useTable({ features, columns, data: contacts, getRowId: (contact) => contact.id });
  return (
    <DataTable
      table={table}
      label={t("contacts.table_label")}
      wide={wide}
      busy={busy}
      card={(row) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{row.original.name}</p>
              <p className="text-slate-700">
                <PhoneCell contact={row.original} />
              </p>
            </div>
            <PriceCell contact={row.original} />
          </div>
          <p className="mt-1 text-sm text-slate-700">
            <CountryCell code={row.original.countryCode} />
          </p>
          <div className="mt-3 border-t border-slate-100 pt-3">
            <ActionsCell contact={row.original} onEdit={onEdit} onDelete={onDelete} />
          </div>
        </>
      )}
    />
  );
}
