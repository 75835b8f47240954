import { onDemand } from "../../lib/on-demand";

/**
 * The call section's in-call parts and dialogs (live-call-ui.tsx), fetched when a call
 * comes near: a press of Call, a signed-in person's voice device starting (an incoming
 * call may follow), never at page load.
 */
export const liveCallUi = onDemand(() => import("./live-call-ui"));

/** Starts the fetch without waiting for it; a failure is logged and the next ask tries again. */
export function preloadLiveCallUi(): void {
  liveCallUi.load().catch((error: unknown) => console.warn("the call's screens could not load", error));
}
