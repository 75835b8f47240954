import type { RatedCountry } from "../../lib/rates/rated-countries";
import { ConfirmCallDialog } from "./confirm-call-dialog";
import { CountryMismatchDialog } from "./country-mismatch-dialog";
import { InsufficientBalanceDialog } from "./insufficient-balance-dialog";
import { RatingDialog } from "./rating-dialog";
import type { DialDialog } from "./use-dial-flow";

/**
 * What the call section shows only around a call: the in-call panel, the incoming call,
 * the dialogs of a dial and of its end, and the messages of how it went. Its own chunk
 * (live-call-ui-loader.ts): a visitor who never calls never fetches it, nor the code it brings.
 */
export { InCallPanel } from "./in-call-panel";
export { IncomingCallCard } from "./incoming-call-card";
export { showCallNotice } from "./call-notice";

export function CallDialogs({
  picked,
  dialog,
  ratingFor,
  onMismatch,
  onConfirm,
  onClose,
  onRated,
  returnFocus,
}: {
  picked: RatedCountry | null;
  dialog: DialDialog | null;
  ratingFor: string | null;
  onMismatch: (useSuggestion: boolean) => void;
  onConfirm: () => void;
  onClose: () => void;
  onRated: () => void;
  /** Where focus goes when a dialog closes and what opened it cannot take it back (the Call button, disabled or gone while a quote or the call ran). */
  returnFocus: () => HTMLElement | null;
}) {
  return (
    <>
      <CountryMismatchDialog picked={picked} suggestion={dialog?.kind === "mismatch" ? dialog.suggestion : null} onAnswer={onMismatch} onClose={onClose} returnFocus={returnFocus} />
      <ConfirmCallDialog details={dialog?.kind === "confirm" ? dialog.details : null} onConfirm={onConfirm} onCancel={onClose} returnFocus={returnFocus} />
      <InsufficientBalanceDialog details={dialog?.kind === "insufficient" ? dialog.details : null} onClose={onClose} returnFocus={returnFocus} />
      <RatingDialog callSid={ratingFor} onClose={onRated} returnFocus={returnFocus} />
    </>
  );
}
