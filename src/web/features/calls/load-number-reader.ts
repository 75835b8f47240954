import type * as NumberReaderModule from "./number-reader";

export type NumberReader = typeof NumberReaderModule;

let loaded: NumberReader | null = null;
let loading: Promise<NumberReader | null> | null = null;

/**
 * The phone library's number reader, fetched once, the first time the call section
 * needs it (a pasted "+number", the Call button, the number field's focus): its
 * metadata is the largest single part of the site's code and the first screen does
 * not need it. Null when it cannot be fetched (offline); asked again next time.
 */
export function loadNumberReader(): Promise<NumberReader | null> {
  loading ??= import("./number-reader").then(
    (module) => (loaded = module),
    () => {
      loading = null;
      return null;
    },
  );
  return loading;
}

/** Runs `use` with the reader: at once when it has loaded already (no flicker in an input), else once it has. */
export function withNumberReader(use: (reader: NumberReader | null) => void): void {
  if (loaded) use(loaded);
  else void loadNumberReader().then(use);
}
