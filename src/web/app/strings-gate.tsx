import type { ReactNode } from "react";
import { PageSpinner } from "../components/ui/spinner";
import { useStrings } from "../lib/i18n/use-strings";

/**
 * A page whose strings are not among the startup keys waits here for them (in its
 * language and in English) instead of showing raw keys; a server-rendered page has them already.
 */
export function StringsGate({ prefixes, children }: { prefixes: readonly string[]; children: ReactNode }) {
  return useStrings(prefixes) ? children : <PageSpinner />;
}
