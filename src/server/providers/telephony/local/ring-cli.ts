import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ConfigError, loadConfig, type Config } from "../../../config";
import { signatureHeader } from "../../../webhooks/hmac";
import { localCarrierSecret } from "../choose-carrier";
import { RING_PATH, RING_SIGNATURE_HEADER } from "./ring-webhook";
import { emailOption, parseCliOptions, type CliResult } from "../../../cli-arguments";

const USAGE = [
  "Usage: npm run carrier:ring -- --email someone@example.com [--from +14155550100] [--url http://127.0.0.1:3000]",
  "  Rings a customer on the running server's local carrier: every browser where they are",
  "  signed in shows the incoming call (Answer hears your own voice back; Decline ends it).",
  "  Incoming calls are free. The server must be running with the same DATA_DIR (or AUTH_SECRET).",
].join("\n");

const DEFAULT_FROM = "+14155550100";
const e164 = z.string().regex(/^\+[1-9]\d{5,14}$/);

/**
 * `npm run carrier:ring`: the embedded database belongs to the running server, so the
 * script asks the server (a request signed with the local carrier's secret, which it
 * reads from the data folder the server uses) instead of opening the database.
 */
export async function runCarrierRing(args: readonly string[], env: NodeJS.ProcessEnv, send: typeof fetch = fetch): Promise<CliResult> {
  const parsed = parseCliOptions(args, { email: { type: "string" }, from: { type: "string" }, url: { type: "string" } }, USAGE);
  if ("result" in parsed) return parsed.result;
  const { values } = parsed;
  const checked = emailOption(values["email"], USAGE);
  if ("result" in checked) return checked.result;
  const { email } = checked;
  const from = values["from"]?.trim() ?? DEFAULT_FROM;
  if (!e164.safeParse(from).success) return { exitCode: 2, output: `--from must be a number in international format, such as ${DEFAULT_FROM}` };

  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return { exitCode: 1, output: error.message };
    throw error;
  }
  if (config.twilio) return { exitCode: 1, output: "Twilio is the carrier (TWILIO_* are set): ring the customer through Twilio instead; this rings only on the local carrier." };
  const secret = storedSecret(config);
  if (!secret) return { exitCode: 1, output: `No local carrier secret in ${path.join(config.dataDir, "secrets.json")}: start the server (npm start) with this DATA_DIR first.` };

  const base = (values["url"] ?? `http://${listenHost(config.host)}:${config.port}`).replace(/\/$/, "");
  const body = JSON.stringify({ id: randomUUID(), email, from });
  let response: Response;
  try {
    response = await send(`${base}${RING_PATH}`, { method: "POST", headers: { "content-type": "application/json", [RING_SIGNATURE_HEADER]: signatureHeader(secret, body) }, body });
  } catch {
    return { exitCode: 1, output: `No Dialwise server answers at ${base}. Start it (npm start), or pass --url.` };
  }
  const text = await response.text();
  if (response.status === 404) return { exitCode: 1, output: `The server at ${base} has no local carrier (is Twilio configured there?).` };
  if (response.status === 401 || response.status === 403) return { exitCode: 1, output: `The server at ${base} did not accept the signature: does it use this DATA_DIR (${config.dataDir}) and AUTH_SECRET?` };
  if (response.status !== 200) return { exitCode: 1, output: `The server at ${base} answered ${response.status}: ${text.slice(0, 300)}` };
  const answer = JSON.parse(text) as { callSid?: string; outcome?: string };
  if (!answer.callSid) return { exitCode: 1, output: `No customer with a verified address ${email.toLowerCase()}.` };
  return { exitCode: 0, output: `Ringing ${email.toLowerCase()} from ${from} (call ${answer.callSid}). Answer or decline it in a browser where they are signed in.` };
}

/** The secret the server uses: derived from AUTH_SECRET when set, else the generated one it keeps in DATA_DIR/secrets.json (never created here). */
function storedSecret(config: Config): string | null {
  const file = path.join(config.dataDir, "secrets.json");
  const fromFile = () => {
    const stored = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { localCarrierSecret?: unknown }) : {};
    if (typeof stored.localCarrierSecret !== "string") throw new MissingSecret();
    return stored.localCarrierSecret;
  };
  try {
    return localCarrierSecret(config, fromFile);
  } catch (error) {
    if (error instanceof MissingSecret) return null;
    throw error;
  }
}

class MissingSecret extends Error {}

/** Where to reach a server listening on `host`: a wildcard address is reached on loopback. */
function listenHost(host: string): string {
  if (host === "0.0.0.0" || host === "::" || host === "") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}
