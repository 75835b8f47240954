import { Phone, PhoneIncoming, PhoneOff } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Button } from "../../components/ui/button";
import { Ltr } from "../../components/ui/ltr";
import { useFormattedNumber } from "./use-formatted-number";

/** Someone is calling the customer: Decline or Answer (incoming calls are free). */
export function IncomingCallCard({ from, onAnswer, onDecline }: { from: string | null; onAnswer: () => void; onDecline: () => void }) {
  const { t } = useTranslation();
  const number = useFormattedNumber(from);
  return (
    <section role="alertdialog" aria-labelledby="incoming-call-title" className="rounded-2xl bg-brand-900 p-4 text-white shadow-lg">
      <div className="flex items-center gap-3">
        <PhoneIncoming aria-hidden="true" className="size-6 animate-pulse" />
        <div className="min-w-0">
          <h3 id="incoming-call-title" className="font-semibold">
            {t("call_section.incoming.title")}
          </h3>
          <Ltr className="block truncate text-brand-100 tabular-nums">{number ?? t("call_section.incoming.unknown")}</Ltr>
        </div>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-2">
        <Button variant="danger" onClick={onDecline}>
          <PhoneOff aria-hidden="true" className="size-4" />
          {t("call_section.incoming.decline")}
        </Button>
        <Button className="bg-green-700 hover:bg-green-800" onClick={onAnswer}>
          <Phone aria-hidden="true" className="size-4" />
          {t("call_section.incoming.answer")}
        </Button>
      </div>
    </section>
  );
}
