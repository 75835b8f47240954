import type { ReactNode } from "react";

/**
 * Text that always reads left to right, isolated from the text around it: dial codes
 * and phone numbers. Inside Arabic, "+44" would otherwise be laid out as "44+" (the
 * plus sign is a neutral and takes the surrounding direction).
 */
export function Ltr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}

const LEFT_TO_RIGHT_ISOLATE = "\u2066";
const POP_DIRECTIONAL_ISOLATE = "\u2069";

/** The same isolation for plain text (a value interpolated into a translated sentence, a title). */
export function ltrText(text: string): string {
  return `${LEFT_TO_RIGHT_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}

const FIRST_STRONG_ISOLATE = "\u2068";

/**
 * An amount or a name kept in one piece inside a translated sentence, in its own
 * direction: Arabic's "و" (and) joined to "100,000.00 US$" would otherwise pull the
 * currency sign to the wrong side.
 */
export function isolateText(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}
