import { Phone, PhoneOff } from "lucide-react";
import type { Ref } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import type { CallPhase } from "./use-call";

/** Call when idle, Cancel while connecting or ringing, Hang up once connected. */
export function CallButton({
  phase,
  busy,
  onCall,
  onHangUp,
  ref,
}: {
  phase: CallPhase | null;
  busy: boolean;
  onCall: () => void;
  onHangUp: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  if (phase === null) {
    return (
      <Button ref={ref} size="lg" className="w-full bg-green-700 hover:bg-green-800" onClick={onCall} disabled={busy} aria-busy={busy}>
        {busy ? <Spinner className="[&>span:first-child]:size-5 [&>span:first-child]:border-2" /> : <Phone aria-hidden="true" className="size-5" />}
        {t("call_section.start_call")}
      </Button>
    );
  }
  return (
    <Button ref={ref} size="lg" variant="danger" className="w-full" onClick={onHangUp}>
      <PhoneOff aria-hidden="true" className="size-5" />
      {phase === "connected" ? t("call_section.hang_up") : t("call_section.cancel")}
    </Button>
  );
}
