/** Written by scripts/flag-assets.js: where the flag SVGs are served and which countries have one. */
declare module "virtual:flags" {
  /** URL folder of the flags, with a trailing slash: "/assets/flags-<digest>/". */
  export const FLAG_BASE: string;
  /** Upper-case ISO 3166-1 alpha-2 codes that have a flag file. */
  export const FLAG_CODES: ReadonlySet<string>;
}
