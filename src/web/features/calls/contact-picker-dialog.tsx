import { useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import type { Contact } from "../../../shared/api/contacts";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { Flag } from "../../components/ui/flag";
import { Ltr } from "../../components/ui/ltr";
import type { OnDemandPopupProps } from "../../components/ui/on-demand-popup";
import { Spinner } from "../../components/ui/spinner";
import { apiErrorMessage } from "../../lib/api-error-message";
import { callSectionState, type CallSectionState } from "../../lib/call-section-state";
import { useContactList } from "../../lib/contacts/contacts-api";
import { formatPhoneNumber } from "../../lib/phone-format";
import { useDebounced } from "../../lib/use-debounced";
import { localePath, useLocale } from "../../lib/use-locale";
import { SearchField } from "../../components/ui/search-field";

/**
 * The call section's contacts: a search, the contacts that answer it (a number that cannot be
 * called now is shown but not offered), and a link to manage them. Its own chunk, with the phone
 * library's formatting, fetched when the button is first hovered, focused or pressed.
 */
export function ContactPickerDialog({ open, onOpenChange, content, onPick }: OnDemandPopupProps & { onPick: (state: CallSectionState) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [search, setSearch] = useState("");
  const query = useDebounced(search, 200);
  const list = useContactList(query, { enabled: open });
  const data = list.data;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t("call_section.contacts.title")} {...content}>
        <div className="space-y-3">
          <SearchField label={t("call_section.contacts.search_label")} placeholder={t("call_section.contacts.search_placeholder")} value={search} onChange={setSearch} />
          {list.isPending ? (
            <div className="flex justify-center py-6">
              <Spinner label={t("call_section.contacts.loading")} />
            </div>
          ) : null}
          {list.isError ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {t("call_section.contacts.load_error")} {apiErrorMessage(t, list.error)}
            </p>
          ) : null}
          {data && data.total === 0 ? <p className="py-4 text-center text-slate-600">{t("call_section.contacts.empty")}</p> : null}
          {data && data.total > 0 && data.contacts.length === 0 ? <p className="py-4 text-center text-slate-600">{t("call_section.contacts.no_matches")}</p> : null}
          {data && data.contacts.length > 0 ? (
            <ul aria-label={t("call_section.contacts.list_label")} aria-busy={list.isFetching} className="max-h-[300px] space-y-1 overflow-y-auto">
              {data.contacts.map((contact) => (
                <ContactRow key={contact.id} contact={contact} onPick={onPick} />
              ))}
            </ul>
          ) : null}
          <div className="border-t border-slate-100 pt-3 text-end">
            <Link to={localePath(locale, "/contacts")} className="text-sm font-medium text-brand-700 hover:underline">
              {t("call_section.contacts.manage")}
            </Link>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** One contact to pick; a number that cannot be called now is shown but cannot be picked. */
function ContactRow({ contact, onPick }: { contact: Contact; onPick: (state: CallSectionState) => void }) {
  const state = contact.refusal === null ? callSectionState(contact.phone, contact.countryCode) : null;
  return (
    <li>
      <button
        type="button"
        disabled={state === null}
        onClick={() => (state ? onPick(state) : undefined)}
        className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-start hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60"
      >
        <Flag code={contact.countryCode} lazy />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-slate-900">{contact.name}</span>
          <Ltr className="block text-sm tabular-nums text-slate-600">{formatPhoneNumber(contact.phone)}</Ltr>
        </span>
      </button>
    </li>
  );
}
