import { Pencil, Trash2 } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import type { Contact } from "../../../shared/api/contacts";
import { Button } from "../../components/ui/button";
import { isolateText, Ltr } from "../../components/ui/ltr";
import { formatExact } from "../../lib/call-log-format";
import { formatPhoneNumber } from "../../lib/phone-format";
import { useLocale } from "../../lib/use-locale";
import { CallContactButton } from "./call-contact-button";

export function PhoneCell({ contact }: { contact: Contact }) {
  return <Ltr className="whitespace-nowrap tabular-nums">{formatPhoneNumber(contact.phone)}</Ltr>;
}

/** The price per minute the gate would charge now, or why the number cannot be called now. */
export function PriceCell({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (contact.rate === null) return <span className="text-sm text-amber-800">{t(`contacts.refusal.${contact.refusal ?? "no_rate"}`)}</span>;
  return <span className="whitespace-nowrap tabular-nums">{t("contacts.per_minute", { price: isolateText(formatExact(contact.rate, locale)) })}</span>;
}

export interface ContactActions {
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
}

/** Call, edit and delete; the icon buttons are named for screen readers with the contact's name. */
export function ActionsCell({ contact, onEdit, onDelete }: { contact: Contact } & ContactActions) {
  const { t } = useTranslation();
  const name = isolateText(contact.name);
  return (
    <div className="flex items-center justify-end gap-1">
      <CallContactButton contact={contact} />
      <Button variant="ghost" size="sm" onClick={() => onEdit(contact)} aria-label={t("contacts.edit_aria", { name })} title={t("contacts.edit")}>
        <Pencil aria-hidden="true" className="size-4" />
      </Button>
      <Button variant="ghost" size="sm" onClick={() => onDelete(contact)} aria-label={t("contacts.delete_aria", { name })} title={t("contacts.delete.confirm")}>
        <Trash2 aria-hidden="true" className="size-4 text-red-700" />
      </Button>
    </div>
  );
}
