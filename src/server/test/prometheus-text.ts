/** One sample of a scrape: `name{label="value",…} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  samples: Sample[];
  /** Every metric the scrape declares (# TYPE), with its type: a histogram's samples are name_bucket, name_sum and name_count. */
  types: Map<string, string>;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Reads Prometheus's text exposition format (what /metrics answers), written for the tests independently of prom-client. */
export function parseScrape(text: string): Scrape {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    if (line.startsWith("#")) {
      const type = /^# TYPE (\S+) (\S+)$/.exec(line);
      if (type) types.set(type[1]!, type[2]!);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? "").matchAll(LABEL)) labels[label[1]!] = label[2]!.replace(/\\(.)/g, (_all, char: string) => (char === "n" ? "\n" : char));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return { samples, types };
}

/** The names a scrape can be queried by: every declared metric, and a histogram's _bucket, _sum and _count. */
export function queryableNames(scrape: Scrape): Set<string> {
  const names = new Set<string>();
  for (const [name, type] of scrape.types) {
    names.add(name);
    if (type === "histogram" || type === "summary") for (const suffix of ["_bucket", "_sum", "_count"]) names.add(name + suffix);
  }
  return names;
}

/** The value of the one sample of `name` whose labels include `labels`; 0 when there is none (a counter not yet counted). */
export function valueOf(scrape: Scrape, name: string, labels: Record<string, string> = {}): number {
  const found = scrape.samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value ?? 0;
}
