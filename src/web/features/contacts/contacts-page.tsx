import { Download, Upload, UserPlus, Users } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { contactsCsvPath, type Contact } from "../../../shared/api/contacts";
import { Button, buttonVariants } from "../../components/ui/button";
import { PAGE_WIDTH } from "../../components/ui/page-width";
import { PageSpinner } from "../../components/ui/spinner";
import { apiErrorMessage } from "../../lib/api-error-message";
import { cn } from "../../lib/cn";
import { useContactList } from "../../lib/contacts/contacts-api";
import { useDebounced } from "../../lib/use-debounced";
import { useMediaQuery } from "../../lib/use-media-query";
import { usePageTitle } from "../../lib/use-page-title";
import { ContactDialog, type ContactDialogTarget } from "./contact-dialog";
import { ContactsTable } from "./contacts-table";
import { CONTACTS_PREFIXES, useContactsStrings } from "./contacts-strings";
import { DeleteContactDialog } from "./delete-contact-dialog";
import { ImportDialog } from "./import-dialog";
import { SearchField } from "../../components/ui/search-field";

/** The country an import reads numbers without a country code in, until the customer picks another (the spec's default). */
const IMPORT_COUNTRY = "US";

/** /{lang}/contacts: the customer's contacts by name, searched, added, edited, deleted, imported and exported, each one call away. */
export function ContactsPage() {
  const { t, i18n } = useTranslation();
  useContactsStrings();
  usePageTitle(t("contacts.title"));
  const [search, setSearch] = useState("");
  const query = useDebounced(search, 250);
  const list = useContactList(query);
  // Phones get cards: five columns with three buttons do not fit 390 px.
  const wide = useMediaQuery("(min-width: 1024px)");
  const [editing, setEditing] = useState<ContactDialogTarget>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [importing, setImporting] = useState(false);
  const onEdit = useCallback((contact: Contact) => setEditing({ mode: "edit", contact }), []);
  const number = new Intl.NumberFormat(i18n.language);
  const data = list.data;

  return (
    <main id="main" className={cn(PAGE_WIDTH, "space-y-6 py-10")}>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t("contacts.title")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("contacts.subtitle")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setEditing({ mode: "create" })}>
            <UserPlus aria-hidden="true" className="size-4" />
            {t("contacts.add")}
          </Button>
          <Button variant="secondary" onClick={() => setImporting(true)}>
            <Upload aria-hidden="true" className="size-4" />
            {t("contacts.import.open")}
          </Button>
          {data && data.total > 0 ? (
            <a href={contactsCsvPath} download className={buttonVariants({ variant: "secondary" })}>
              <Download aria-hidden="true" className="size-4" />
              {t("contacts.export_csv")}
            </a>
          ) : null}
        </div>
      </header>

      {data && data.total > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SearchField label={t("contacts.search_label")} placeholder={t("contacts.search_placeholder")} value={search} onChange={setSearch} className="w-full max-w-sm" />
          <p className="text-sm text-slate-600" aria-live="polite">
            {t("contacts.count", { total: number.format(data.total), max: number.format(data.max) })}
          </p>
        </div>
      ) : null}

      {list.isPending ? <PageSpinner /> : null}
      {list.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl bg-red-50 p-4 text-red-800">
          <p>
            {t("contacts.load_error")} {apiErrorMessage(t, list.error)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {t("contacts.retry")}
          </Button>
        </div>
      ) : null}

      {data && data.total === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-12 text-center shadow-sm ring-1 ring-slate-200">
          <Users aria-hidden="true" className="size-10 text-slate-400" />
          <p className="text-lg font-medium text-slate-900">{t("contacts.empty")}</p>
          <p className="max-w-md text-slate-600">{t("contacts.empty_hint")}</p>
        </div>
      ) : null}
      {data && data.total > 0 && data.contacts.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-4 py-10 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-slate-700">{t("contacts.no_matches")}</p>
          <Button variant="secondary" onClick={() => setSearch("")}>
            {t("contacts.clear_search")}
          </Button>
        </div>
      ) : null}
      {data && data.contacts.length > 0 ? (
        <div className={cn("transition-opacity", list.isPlaceholderData && "opacity-60")}>
          <ContactsTable contacts={data.contacts} wide={wide} busy={list.isFetching} onEdit={onEdit} onDelete={setDeleting} />
        </div>
      ) : null}

      <ContactDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteContactDialog contact={deleting} onClose={() => setDeleting(null)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} defaultCountry={IMPORT_COUNTRY} />
    </main>
  );
}

export default ContactsPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = CONTACTS_PREFIXES;
