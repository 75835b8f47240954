import { Mic, MicOff, RefreshCw } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { cn } from "../../lib/cn";

/** The voice-ready indicator, with a retry when the device failed and a microphone retry when access was refused. */
export function VoiceStatus({
  ready,
  failed,
  microphoneDenied,
  onRetryDevice,
  onRetryMicrophone,
}: {
  ready: boolean;
  failed: boolean;
  microphoneDenied: boolean;
  onRetryDevice: () => void;
  onRetryMicrophone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-sm">
      <p role="status" className="inline-flex items-center gap-2 text-slate-600">
        <span aria-hidden="true" className={cn("size-2.5 rounded-full", ready ? "bg-green-500" : failed ? "bg-red-500" : "animate-pulse bg-amber-400")} />
        {ready ? t("call_section.voice_ready") : failed ? t("call_section.voice_unavailable") : t("call_section.voice_connecting")}
      </p>
      {failed ? (
        <button type="button" onClick={onRetryDevice} className="inline-flex items-center gap-1 font-medium text-brand-700 underline-offset-2 hover:underline">
          <RefreshCw aria-hidden="true" className="size-4" />
          {t("call_section.retry")}
        </button>
      ) : null}
      {microphoneDenied ? (
        <button type="button" onClick={onRetryMicrophone} className="inline-flex items-center gap-1 font-medium text-red-700 underline-offset-2 hover:underline">
          <MicOff aria-hidden="true" className="size-4" />
          {t("call_section.microphone_retry")}
        </button>
      ) : ready ? (
        <span className="inline-flex items-center gap-1 text-slate-500">
          <Mic aria-hidden="true" className="size-4" />
          {t("call_section.microphone_hint")}
        </span>
      ) : null}
    </div>
  );
}
