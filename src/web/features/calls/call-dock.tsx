import { CallButton } from "./call-button";
import { usePreloadWhen, useCallSession } from "./call-session";
import { liveCallUi } from "./live-call-ui-loader";

/**
 * What the app shell shows of the customer's calls on every page: the incoming-call card
 * wherever they are, and the call itself (timer, mute, keypad, hang up) on a page without
 * the call section. Its parts come with the in-call chunk, fetched when a call appears.
 */
export function CallDock() {
  const { voice, call, screens } = useCallSession();
  const incoming = voice.incoming && !call.view ? voice.incoming : null;
  const showCall = call.view !== null && screens === 0;
  usePreloadWhen(incoming !== null || showCall);
  const ui = liveCallUi.useModule();
  if (!ui || (!incoming && !showCall)) return null;
  return (
    <div className="fixed end-4 top-20 z-40 w-[min(22rem,calc(100%-2rem))] space-y-3">
      {incoming ? (
        <ui.IncomingCallCard
          from={incoming.from}
          onAnswer={() => {
            voice.clearIncoming();
            void call.answer(incoming);
          }}
          onDecline={() => {
            voice.clearIncoming();
            incoming.reject();
          }}
        />
      ) : null}
      {showCall && call.view ? (
        <div className="space-y-4 rounded-2xl bg-white p-4 shadow-lg ring-1 ring-slate-200">
          <ui.InCallPanel call={call.view} onMute={call.toggleMute} onDigit={call.sendDigit} />
          <CallButton phase={call.view.phase} busy={false} onCall={() => undefined} onHangUp={call.hangUp} />
        </div>
      ) : null}
    </div>
  );
}
