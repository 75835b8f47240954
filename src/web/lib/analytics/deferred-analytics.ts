import { ANALYTICS_META_NAME, gtagScriptUrl } from "../../../shared/analytics/analytics";

/** What counts as the visitor's first interaction (spec, section 7). */
export const INTERACTION_EVENTS = ["pointerdown", "keydown", "scroll", "touchstart"] as const;
/** Without an interaction, analytics loads this long after start. */
export const ANALYTICS_DELAY_MS = 5000;

/**
 * Calls `load` once: at the first interaction on `target` or after `delayMs`, whichever
 * comes first; then stops listening and clears the timer. Returns a function that
 * cancels it. Kept apart from analytics so its timing can be tested on its own.
 */
export function onFirstInteraction(target: EventTarget, load: () => void, delayMs = ANALYTICS_DELAY_MS): () => void {
  let done = false;
  const options: AddEventListenerOptions = { passive: true, capture: true };
  const cancel = () => {
    done = true;
    clearTimeout(timer);
    for (const type of INTERACTION_EVENTS) target.removeEventListener(type, fire, options);
  };
  const fire = () => {
    if (done) return;
    cancel();
    load();
  };
  const timer = setTimeout(fire, delayMs);
  for (const type of INTERACTION_EVENTS) target.addEventListener(type, fire, options);
  return cancel;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Google Analytics with the visitor's IP anonymised and no automatic page view: the
 * queue gtag.js reads on arrival, then the script itself. gtag.js accepts only
 * `arguments` objects in its queue, not arrays, hence the classic function form.
 */
export function loadGoogleAnalytics(measurementId: string, doc: Document = document): void {
  const win = doc.defaultView;
  if (win === null) return;
  const dataLayer = (win.dataLayer ??= []);
  function gtag(..._args: unknown[]) {
    // eslint-disable-next-line prefer-rest-params -- gtag.js reads Arguments objects only
    dataLayer.push(arguments);
  }
  gtag("js", new Date());
  gtag("config", measurementId, { anonymize_ip: true, send_page_view: false });
  const script = doc.createElement("script");
  script.async = true;
  script.src = gtagScriptUrl(measurementId);
  doc.head.append(script);
}

/**
 * Starts analytics if the server put a measurement ID in the page (only when ANALYTICS_ID
 * is set); otherwise does nothing: no listener, no timer, no request.
 */
export function startDeferredAnalytics(doc: Document = document): void {
  const measurementId = doc.querySelector<HTMLMetaElement>(`meta[name="${ANALYTICS_META_NAME}"]`)?.content;
  const win = doc.defaultView;
  if (!measurementId || win === null) return;
  onFirstInteraction(win, () => loadGoogleAnalytics(measurementId, doc));
}
