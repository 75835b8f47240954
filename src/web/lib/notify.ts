import { useSyncExternalStore } from "react";
import type * as SonnerModule from "sonner";
import type { ExternalToast } from "sonner";

/**
 * The app's toasts. Sonner (its toasts and its Toaster) is not part of the first load:
 * it is fetched when the browser is idle after the page started, or by the first
 * notification if that comes sooner; the app's Toaster (app/toaster.tsx) then mounts,
 * and what was asked for meanwhile is shown in order once that Toaster listens.
 */

type Sonner = typeof SonnerModule;
type Kind = "message" | "success" | "error" | "warning";
type Message = Parameters<Sonner["toast"]>[0];

interface Pending {
  kind: Kind;
  message: Message;
  options: ExternalToast | undefined;
}

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
let mountedToasters = 0;
const pending: Pending[] = [];
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  loading ??= import("sonner").then((module) => {
    sonner = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

/** How long an idle wait for sonner may last where the browser has no requestIdleCallback. */
const IDLE_FALLBACK_MS = 2000;

/**
 * Fetches sonner once the browser is idle, so its notifications region (which screen
 * readers must see before a toast goes into it) is in place well before most toasts.
 */
export function loadSonnerWhenIdle(): () => void {
  const load = () => void loadSonner().catch((error: unknown) => console.warn("notifications could not load", error));
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(load, { timeout: IDLE_FALLBACK_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(load, IDLE_FALLBACK_MS);
  return () => window.clearTimeout(timer);
}

function flush() {
  if (sonner === null || mountedToasters === 0) return;
  const { toast } = sonner;
  for (const { kind, message, options } of pending.splice(0)) {
    if (kind === "message") toast(message, options);
    else toast[kind](message, options);
  }
}

function show(kind: Kind, message: Message, options?: ExternalToast) {
  pending.push({ kind, message, options });
  if (sonner === null) void loadSonner().catch((error: unknown) => console.warn("notifications could not load", error));
  else flush();
}

/** Shows a toast (sonner's `toast` and its kinds); it appears once sonner has loaded, at once after that. */
export const notify = Object.assign((message: Message, options?: ExternalToast) => show("message", message, options), {
  success: (message: Message, options?: ExternalToast) => show("success", message, options),
  error: (message: Message, options?: ExternalToast) => show("error", message, options),
  warning: (message: Message, options?: ExternalToast) => show("warning", message, options),
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sonner once the first notification loaded it; null before, and always while the server renders (no toasts there). */
export function useLoadedSonner(): Sonner | null {
  return useSyncExternalStore(
    subscribe,
    () => sonner,
    () => null,
  );
}

/**
 * Called by the Toaster's host once sonner's Toaster is mounted (its own effect, which
 * subscribes it to the toasts, has run by then): the waiting toasts go out. The returned
 * function is for the unmount.
 */
export function toasterMounted(): () => void {
  mountedToasters += 1;
  flush();
  return () => {
    mountedToasters -= 1;
  };
}
