import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { useNavigate } from "react-router";
import { notify } from "../../lib/notify";
import { moneyToDecimal } from "../../../shared/money";
import { BALANCE_QUERY_KEY } from "../../lib/live-events";
import { localePath, useLocale } from "../../lib/use-locale";
import { microphoneAllowed, microphoneSupported } from "../../lib/voice/audio";
import type { VoiceCall } from "../../lib/voice/voice-device";
import type { RatedCountry } from "../../lib/rates/rated-countries";
import { callErrorMessage } from "./call-errors";
import { countryMismatch, dialledNumber } from "./dial-input";
import { loadNumberReader } from "./load-number-reader";
import { DIAL_BLOCK_MESSAGES, firstDialBlock } from "./pre-dial";
import { quoteCall, type CallQuote } from "./rate-quote";
import type { CallStart } from "./use-call";

/** The server's quote for the call (rate-quote.ts): what the dialog shows is what the gate allows. */
export type ConfirmDetails = CallQuote;

export type DialDialog =
  | { kind: "mismatch"; suggestion: { country: RatedCountry; local: string } }
  | { kind: "confirm"; details: ConfirmDetails }
  | { kind: "insufficient"; details: ConfirmDetails };

export interface DialFlowInput {
  signedIn: boolean;
  country: RatedCountry | null;
  local: string;
  countries: readonly RatedCountry[];
  deviceReady: boolean;
  /** The device could not start: a press is then refused at once, not kept until it is ready. */
  deviceFailed: boolean;
  connect: (to: string) => Promise<VoiceCall>;
  onStarted: (handle: VoiceCall, call: CallStart) => void;
  onChoose: (country: RatedCountry, local: string) => void;
  onMicrophone: (allowed: boolean) => void;
}

/** From pressing Call to a connected device: the spec's checks, the mismatch dialog, the quote, and the confirm dialog. */
export function useDialFlow(input: DialFlowInput) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DialDialog | null>(null);
  const [busy, setBusy] = useState(false);
  /** A press made while the device was still starting (a page just taken over, decision 035): dialled once it is ready. */
  const [waitingForDevice, setWaitingForDevice] = useState(false);

  const quoteAndConfirm = useCallback(
    async (country: RatedCountry, local: string) => {
      const quote = await quoteCall(dialledNumber(country, local));
      if (!quote.ok) {
        notify.error(t(quote.refusal ? `errors.${quote.refusal}` : "call_section.quote_failed"));
        return;
      }
      const { ok: _ok, ...details } = quote;
      // The header's balance follows what the server just said.
      queryClient.setQueryData(BALANCE_QUERY_KEY, { balance: moneyToDecimal(details.balance) });
      // Today's spending limit reached: buying credit would not help, so no Insufficient Balance dialog.
      if (details.timeLimitSeconds === 0 && details.dailyLimit?.capsCall) {
        notify.error(t("call_section.refusal.daily_limit_reached"));
        return;
      }
      // The gate refuses a call the balance cannot pay a minute of (the spec's balance < rate).
      setDialog({ kind: details.timeLimitSeconds === 0 ? "insufficient" : "confirm", details });
    },
    [queryClient, t],
  );

  const dial = useCallback(async () => {
    if (busy) return;
    // Everything else in place and the device still starting: the press is kept, not refused.
    if (input.signedIn && input.country && input.local.length > 0 && !input.deviceReady && !input.deviceFailed) {
      setWaitingForDevice(true);
      return;
    }
    setWaitingForDevice(false);
    setBusy(true);
    try {
      const block = await firstDialBlock({
        signedIn: input.signedIn,
        country: input.country,
        local: input.local,
        deviceReady: input.deviceReady,
        microphone: async () => {
          const allowed = await microphoneAllowed();
          input.onMicrophone(allowed);
          return allowed;
        },
      });
      if (block) {
        const message = DIAL_BLOCK_MESSAGES[block];
        // A browser without MediaDevices cannot be helped by a permission: say so instead.
        const description = block === "microphone" && !microphoneSupported() ? "call_section.microphone_unsupported" : message.description;
        notify.error(t(message.title), description ? { description: t(description) } : {});
        if (block === "sign_in") void navigate(localePath(locale, "/auth"));
        return;
      }
      const country = input.country as RatedCountry;
      // Without the phone library (it could not be fetched) there is no suggestion; the server's quote still checks the number.
      const reader = await loadNumberReader();
      const suggestion = reader ? countryMismatch(country, input.local, input.countries, reader) : null;
      if (suggestion) {
        setDialog({ kind: "mismatch", suggestion });
        return;
      }
      await quoteAndConfirm(country, input.local);
    } finally {
      setBusy(false);
    }
  }, [busy, input, locale, navigate, quoteAndConfirm, t]);

  /** The mismatch dialog's answer: switch to the suggested country, or keep the one picked. */
  const resolveMismatch = useCallback(
    async (useSuggestion: boolean) => {
      const current = dialog;
      if (current?.kind !== "mismatch" || !input.country) return;
      setDialog(null);
      const { country, local } = useSuggestion ? current.suggestion : { country: input.country, local: input.local };
      if (useSuggestion) input.onChoose(country, local);
      setBusy(true);
      try {
        await quoteAndConfirm(country, local);
      } finally {
        setBusy(false);
      }
    },
    [dialog, input, quoteAndConfirm],
  );

  const confirm = useCallback(async () => {
    const current = dialog;
    if (current?.kind !== "confirm") return;
    setDialog(null);
    try {
      const handle = await input.connect(current.details.e164);
      input.onStarted(handle, { to: current.details.e164, rate: current.details.rate, balance: current.details.balance, limitSeconds: current.details.timeLimitSeconds });
    } catch {
      notify.error(callErrorMessage(t, 31005));
    }
  }, [dialog, input, t]);

  // The device became ready, or could not start (then the press gets the spec's "not ready" answer).
  useEffect(() => {
    if (waitingForDevice && (input.deviceReady || input.deviceFailed)) void dial();
  }, [waitingForDevice, input.deviceReady, input.deviceFailed, dial]);

  const close = useCallback(() => setDialog(null), []);
  return { dial, dialog, busy: busy || waitingForDevice, resolveMismatch, confirm, close };
}
