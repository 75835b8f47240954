import { parseArgs } from "node:util";
import { z } from "zod";

/** What a maintenance script prints and exits with; its entry point does the printing. */
export interface CliResult {
  exitCode: number;
  output: string;
}

/** The scripts take `--name value` options and `--name` switches (besides --help). */
type CliOptions = Record<string, { type: "string" | "boolean" }>;
type OptionValues<Options extends CliOptions> = { [Name in keyof Options]?: Options[Name]["type"] extends "boolean" ? boolean : string };

/**
 * A script's `--name value` options, strictly: an unknown option or a stray argument is an
 * error with the usage (exit 2), and `--help` answers the usage (exit 0). npm passes its own
 * `--` separator through, which is dropped. Answers the values, or the result to print.
 */
export function parseCliOptions<const Options extends CliOptions>(
  args: readonly string[],
  options: Options,
  usage: string,
): { values: OptionValues<Options> } | { result: CliResult } {
  let parsed: { values: OptionValues<Options> & { help?: boolean } };
  try {
    parsed = parseArgs({
      args: args.filter((arg) => arg !== "--"),
      options: { ...options, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
      // parseArgs types its values from literal options; ours arrive as a generic record.
    }) as unknown as typeof parsed;
  } catch (error) {
    return { result: { exitCode: 2, output: `${(error as Error).message}\n${usage}` } };
  }
  const { help, ...values } = parsed.values;
  if (help) return { result: { exitCode: 0, output: usage } };
  return { values: values as unknown as OptionValues<Options> };
}

/** The `--email` option, trimmed and checked, or the result that says what is wrong with it. */
export function emailOption(value: string | undefined, usage: string): { email: string } | { result: CliResult } {
  const email = value?.trim() ?? "";
  if (!z.email().safeParse(email).success) return { result: { exitCode: 2, output: `${email ? `Not an email address: ${email}` : "--email is required"}\n${usage}` } };
  return { email };
}

