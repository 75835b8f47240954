import { PhoneCall } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { useNavigate } from "react-router";
import type { Contact } from "../../../shared/api/contacts";
import { Button } from "../../components/ui/button";
import { isolateText } from "../../components/ui/ltr";
import { callSectionState } from "../../lib/call-section-state";
import { localePath, useLocale } from "../../lib/use-locale";

/** Opens the call section on home with the contact's country and number filled in; disabled while the number cannot be called. */
export function CallContactButton({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const state = contact.refusal === null ? callSectionState(contact.phone, contact.countryCode) : null;
  return (
    <Button
      size="sm"
      disabled={state === null}
      onClick={() => (state ? void navigate(localePath(locale), { state }) : undefined)}
      aria-label={t("contacts.call_aria", { name: isolateText(contact.name) })}
    >
      <PhoneCall aria-hidden="true" className="size-4" />
      {t("contacts.call")}
    </Button>
  );
}
