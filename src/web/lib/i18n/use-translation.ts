import { createContext, createElement, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import type { TFunction, Translator } from "./translator";
import { i18n } from "./i18n";

const TranslatorContext = createContext<Translator | null>(null);

/** The translator of what renders inside: a server render's own (ssr/render-page.tsx), else the app's. */
export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return createElement(TranslatorContext.Provider, { value: translator }, children);
}

/** Each change a component reading strings must show: a language switched to, strings added (not silently). */
let version = 0;
const subscribe = (translator: Translator) => (changed: () => void) => {
  const onChange = () => {
    version++;
    changed();
  };
  translator.on("languageChanged", onChange);
  translator.on("added", onChange);
  return () => {
    translator.off("languageChanged", onChange);
    translator.off("added", onChange);
  };
};

const tFunctions = new WeakMap<Translator, { at: number; t: TFunction }>();

/**
 * `t` reads the current strings; it is a new function after each change, so an effect that depends on it runs
 * again when the language or the strings change, as react-i18next's did. It reads `translator.t` at each call:
 * a server render wraps that to note the keys it used.
 */
function tAt(translator: Translator, at: number): TFunction {
  let current = tFunctions.get(translator);
  if (current?.at !== at) {
    current = { at, t: (key, options) => translator.t(key, options) };
    tFunctions.set(translator, current);
  }
  return current.t;
}

export function useTranslation(): { t: TFunction; i18n: Translator } {
  const translator = useContext(TranslatorContext) ?? i18n;
  const subscribeTo = useMemo(() => subscribe(translator), [translator]);
  const at = useSyncExternalStore(subscribeTo, () => version, () => version);
  return { t: tAt(translator, at), i18n: translator };
}
