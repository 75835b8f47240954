import { useTranslation } from "../../lib/i18n/use-translation";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { ltrText } from "../../components/ui/ltr";
import { useCountryNames } from "../../lib/rates/country-names";
import type { RatedCountry } from "../../lib/rates/rated-countries";
import { Flag } from "../../components/ui/flag";

/** The number looks like another country's: switch to it, or call with the country picked. */
export function CountryMismatchDialog({
  picked,
  suggestion,
  onAnswer,
  onClose,
  returnFocus,
}: {
  picked: RatedCountry | null;
  suggestion: { country: RatedCountry; local: string } | null;
  onAnswer: (useSuggestion: boolean) => void;
  onClose: () => void;
  returnFocus?: () => HTMLElement | null;
}) {
  const { t } = useTranslation();
  const { nameOf } = useCountryNames();
  const open = suggestion !== null && picked !== null;
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      {open ? (
        <DialogContent
          returnFocus={returnFocus}
          title={t("call_section.mismatch.title")}
          description={t("call_section.mismatch.description", {
            number: ltrText(`${suggestion.country.dialCode} ${suggestion.local}`),
            country: nameOf(suggestion.country.code),
            picked: nameOf(picked.code),
          })}
        >
          <div className="mt-2 flex flex-col gap-2">
            <Button onClick={() => onAnswer(true)}>
              <Flag code={suggestion.country.code} size="sm" />
              {t("call_section.mismatch.switch", { country: nameOf(suggestion.country.code) })}
            </Button>
            <Button variant="secondary" onClick={() => onAnswer(false)}>
              <Flag code={picked.code} size="sm" />
              {t("call_section.mismatch.keep", { country: nameOf(picked.code) })}
            </Button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
