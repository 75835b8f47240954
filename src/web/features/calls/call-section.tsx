import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { CountryPicker } from "../../components/country-picker/country-picker";
import { usePublicRates } from "../../lib/rates/rates-api";
import type { RatedCountry } from "../../lib/rates/rated-countries";
import { useAuth } from "../../lib/auth/use-auth";
import { microphoneAllowed } from "../../lib/voice/audio";
import { CallButton } from "./call-button";
import { ContactPicker } from "./contact-picker";
import { clampLocalDigits, internationalDigits, splitInternational } from "./dial-input";
import { Dialpad } from "./dialpad";
import { liveCallUi, preloadLiveCallUi } from "./live-call-ui-loader";
import { withNumberReader } from "./load-number-reader";
import { PhoneInput } from "./phone-input";
import { SuggestedCountry } from "./suggested-country";
import { useCallScreen, usePreloadWhen } from "./call-session";
import { useCallNavigation, type CallNavigationState } from "./use-call-navigation";
import { useDialFlow } from "./use-dial-flow";
import { VoiceStatus } from "./voice-status";
import { BalanceSpentNotice } from "./balance-spent-notice";

/** The spec's default country. */
const DEFAULT_COUNTRY = "US";
/** The number field holds digits only; * and # are tones for a connected call's keypad. */
const NOT_IN_NUMBERS = ["*", "#"];

/** Home's call section: pick a country, type or paste a number, call; everything the call needs until it is rated. */
export function CallSection({ showHeading }: { showHeading: boolean }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const signedIn = auth.status === "authenticated";
  const rates = usePublicRates();
  const countries = useMemo(() => rates.data ?? [], [rates.data]);
  const [code, setCode] = useState<string>(DEFAULT_COUNTRY);
  const [local, setLocal] = useState("");
  const [microphoneDenied, setMicrophoneDenied] = useState(false);
  const section = useRef<HTMLElement>(null);
  const callButton = useRef<HTMLButtonElement>(null);
  const country = countries.find((entry) => entry.code === code) ?? null;

  // The device and the call live in the app shell (call-session.tsx): a call rings and goes on on every page.
  const { voice, call } = useCallScreen();

  const choose = useCallback((next: RatedCountry, digits: string) => {
    setCode(next.code);
    setLocal(digits);
  }, []);

  const applyNavigation = useCallback(
    (state: CallNavigationState) => {
      const picked = countries.find((entry) => entry.code === state.selectedCode);
      const digits = state.phoneNumber ? internationalDigits(state.phoneNumber, countries) : null;
      if (digits !== null) {
        withNumberReader((reader) => {
          const international = splitInternational(digits, countries, reader);
          if (international) choose(international.country, international.local);
        });
      } else if (picked) choose(picked, state.phoneNumber ? clampLocalDigits(picked.dialCode, state.phoneNumber) : "");
    },
    [choose, countries],
  );
  useCallNavigation(countries.length > 0, applyNavigation, section);

  const flow = useDialFlow({
    signedIn,
    country,
    local,
    countries,
    deviceReady: voice.ready,
    deviceFailed: voice.failed,
    connect: (to) => {
      if (!voice.session) return Promise.reject(new Error("Voice device not ready"));
      return voice.session.connect(to);
    },
    onStarted: call.start,
    onChoose: choose,
    onMicrophone: (allowed) => setMicrophoneDenied(!allowed),
  });

  const retryMicrophone = () => void microphoneAllowed().then((allowed) => setMicrophoneDenied(!allowed));
  const inCall = call.view !== null;
  // The in-call panel is shorter than the dialler: keep it in view when a call starts or ends.
  const wasInCall = useRef(inCall);
  useEffect(() => {
    if (wasInCall.current === inCall) return;
    wasInCall.current = inCall;
    section.current?.scrollIntoView?.({ behavior: "smooth", block: "start" });
  }, [inCall]);
  // The in-call parts and dialogs are fetched when a call comes near (live-call-ui-loader.ts), not with the page.
  const ui = liveCallUi.useModule();
  usePreloadWhen(inCall || flow.dialog !== null || call.ratingFor !== null);

  return (
    <section ref={section} id="call" aria-labelledby={showHeading ? "call-heading" : undefined} aria-label={showHeading ? undefined : t("call_section.title")} className="scroll-mt-20 px-4 py-8">
      <div className="mx-auto max-w-md space-y-5 rounded-3xl bg-white p-5 shadow-md ring-1 ring-slate-200 sm:p-6">
        {showHeading ? (
          <h2 id="call-heading" className="text-center text-2xl font-bold text-slate-900">
            {t("call_section.title")}
          </h2>
        ) : null}
        {call.view ? (
          ui ? <ui.InCallPanel call={call.view} onMute={call.toggleMute} onDigit={call.sendDigit} /> : null
        ) : (
          <>
            <div className="space-y-2">
              <label htmlFor="call-country" className="sr-only">
                {t("call_section.country")}
              </label>
              <CountryPicker id="call-country" value={code} onChange={(next) => setCode(next)} showPopular />
              {countries.length > 0 ? <SuggestedCountry countries={countries} onChoose={(next) => choose(next, "")} /> : null}
            </div>
            <div className="space-y-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <label htmlFor="call-number" className="text-sm font-medium text-slate-700">
                  {t("call_section.phone_number")}
                </label>
                <ContactPicker signedIn={signedIn} onPick={applyNavigation} />
              </div>
              <PhoneInput id="call-number" country={country} countries={countries} value={local} onChange={setLocal} onInternational={choose} />
            </div>
            <Dialpad
              label={t("call_section.dialpad")}
              disabledKeys={NOT_IN_NUMBERS}
              onKey={(key) => setLocal((current) => (country ? clampLocalDigits(country.dialCode, current + key) : current))}
              onBackspace={() => setLocal((current) => current.slice(0, -1))}
            />
          </>
        )}
        {call.balanceSpent && !inCall ? <BalanceSpentNotice /> : null}
        <CallButton
          ref={callButton}
          phase={call.view?.phase ?? null}
          busy={flow.busy}
          onCall={() => {
            preloadLiveCallUi();
            void flow.dial();
          }}
          onHangUp={call.hangUp}
        />
        {/* "Ready to call" would mislead during a call: the indicator is for the dialler. */}
        {signedIn && !inCall ? (
          <VoiceStatus ready={voice.ready} failed={voice.failed} microphoneDenied={microphoneDenied} onRetryDevice={voice.retry} onRetryMicrophone={retryMicrophone} />
        ) : null}
      </div>
      {ui ? (
        <ui.CallDialogs
          picked={country}
          dialog={flow.dialog}
          ratingFor={call.ratingFor}
          onMismatch={(useSuggestion) => void flow.resolveMismatch(useSuggestion)}
          onConfirm={() => void flow.confirm()}
          onClose={flow.close}
          onRated={call.closeRating}
          returnFocus={() => callButton.current}
        />
      ) : null}
    </section>
  );
}
