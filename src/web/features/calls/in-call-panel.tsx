import { Grid3x3, Mic, MicOff } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { formatUsd } from "../../../shared/money";
import { Ltr } from "../../components/ui/ltr";
import { cn } from "../../lib/cn";
import { useLocale } from "../../lib/use-locale";
import { formatClock } from "./call-meter";
import { Dialpad } from "./dialpad";
import type { ActiveCallView } from "./use-call";
import { useFormattedNumber } from "./use-formatted-number";

const STATUS_KEYS = { connecting: "call_section.calling", ringing: "call_section.ringing", connected: "call_section.connected" } as const;

/** During a call: status, timer, running cost, time left, mute and the DTMF keypad (the hang-up button sits below, shared with idle). */
export function InCallPanel({ call, onMute, onDigit }: { call: ActiveCallView; onMute: () => void; onDigit: (digit: string) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [keypad, setKeypad] = useState(false);
  const number = useFormattedNumber(call.to ?? call.from);
  const connected = call.phase === "connected";
  return (
    <div className="space-y-4 text-center">
      <div>
        <p role="status" aria-live="polite" className={cn("text-sm font-medium", connected ? "text-green-700" : "text-slate-600")}>
          {t(STATUS_KEYS[call.phase])}
        </p>
        <Ltr className="mt-1 block text-xl font-semibold text-slate-900 tabular-nums">{number ?? ""}</Ltr>
        <p className="mt-2 text-4xl font-light text-slate-900 tabular-nums" aria-label={t("call_section.duration")}>
          {formatClock(call.talkSeconds)}
        </p>
      </div>
      {call.meter ? (
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div className="rounded-lg bg-slate-50 p-2">
            <dt className="text-slate-500">{t("call_section.running_cost")}</dt>
            <dd className="font-semibold text-slate-900 tabular-nums">{formatUsd(call.meter.cost, locale, 2)}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-2">
            <dt className="text-slate-500">{t("call_section.time_left")}</dt>
            <dd className={cn("font-semibold tabular-nums", call.meter.timeLeft <= 60 && connected ? "text-red-700" : "text-slate-900")}>
              <Ltr>{formatClock(call.meter.timeLeft)}</Ltr>
            </dd>
          </div>
        </dl>
      ) : null}
      <div className="flex justify-center gap-3">
        <button
          type="button"
          aria-pressed={call.muted}
          onClick={onMute}
          className={cn("inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-medium ring-1", call.muted ? "bg-slate-900 text-white ring-slate-900" : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-50")}
        >
          {call.muted ? <MicOff aria-hidden="true" className="size-4" /> : <Mic aria-hidden="true" className="size-4" />}
          {call.muted ? t("call_section.unmute") : t("call_section.mute")}
        </button>
        <button
          type="button"
          aria-expanded={keypad}
          disabled={!connected}
          onClick={() => setKeypad((open) => !open)}
          className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-50"
        >
          <Grid3x3 aria-hidden="true" className="size-4" />
          {t("call_section.keypad")}
        </button>
      </div>
      {keypad && connected ? <Dialpad label={t("call_section.keypad")} onKey={onDigit} /> : null}
    </div>
  );
}
