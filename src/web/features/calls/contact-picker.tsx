import { BookUser } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { useNavigate } from "react-router";
import { useOnDemandPopup } from "../../components/ui/on-demand-popup";
import type { CallSectionState } from "../../lib/call-section-state";
import { onDemand } from "../../lib/on-demand";
import { localePath, useLocale } from "../../lib/use-locale";

/** The contacts dialog: fetched when the button is first hovered, focused or pressed, not with the page. */
const pickerDialog = onDemand(() => import("./contact-picker-dialog"));

/**
 * The spec's choose-from-contacts button beside the phone number: a searchable dialog of the
 * customer's contacts; picking one fills the country and the number as "Call" on the contacts
 * page does. A signed-out visitor pressing it is sent to sign in.
 */
export function ContactPicker({ signedIn, onPick }: { signedIn: boolean; onPick: (state: CallSectionState) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const popup = useOnDemandPopup(pickerDialog);
  const trigger = signedIn ? popup.trigger : { ...popup.trigger, onClick: () => void navigate(localePath(locale, "/auth")) };

  return (
    <>
      <button {...trigger} className="inline-flex h-8 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-brand-50">
        <BookUser aria-hidden="true" className="size-4" />
        {t("call_section.contacts.choose")}
      </button>
      {popup.module && signedIn ? (
        <popup.module.ContactPickerDialog
          open={popup.open}
          onOpenChange={popup.setOpen}
          content={popup.content}
          onPick={(state) => {
            popup.setOpen(false);
            onPick(state);
          }}
        />
      ) : null}
    </>
  );
}
