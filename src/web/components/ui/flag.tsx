import { FLAG_BASE, FLAG_CODES } from "virtual:flags";
import { cn } from "../../lib/cn";

/** Width × height in CSS pixels; the flags are 3:2. */
const SIZES = { sm: [18, 12], md: [24, 16], lg: [36, 24], xl: [72, 48] } as const;

export interface FlagProps {
  /** ISO 3166-1 alpha-2 code, either case. */
  code: string;
  size?: keyof typeof SIZES;
  /**
   * The country's name when the flag stands alone for it. Without one the flag is
   * decoration beside the written name: empty alt and hidden from assistive technology.
   */
  label?: string;
  /** For flags below the fold (long lists): fetched when near the viewport, decoded off the main thread. */
  lazy?: boolean;
  className?: string;
}

/**
 * A country's flag as an SVG image served as a static file (scripts/flag-assets.js),
 * because emoji flags show as two letters on Windows. Width and height are set so the
 * line does not move when the image arrives; a code without a flag (non-geographic
 * numbers) keeps the same space, empty, so rows stay aligned.
 */
export function Flag({ code, size = "md", label, lazy = false, className }: FlagProps) {
  const [width, height] = SIZES[size];
  const upper = code.toUpperCase();
  const classes = cn("inline-block shrink-0 rounded-[2px]", className);
  if (!FLAG_CODES.has(upper)) return <span aria-hidden="true" className={classes} style={{ width, height }} />;
  return (
    <img
      src={`${FLAG_BASE}${upper}.svg`}
      width={width}
      height={height}
      alt={label ?? ""}
      aria-hidden={label === undefined ? true : undefined}
      loading={lazy ? "lazy" : undefined}
      decoding={lazy ? "async" : undefined}
      className={cn(classes, "object-cover shadow-[0_0_0_1px_rgb(0_0_0/0.08)]")}
    />
  );
}
