// @ts-check
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port.js";

/**
 * npm run cluster:local: the deployment of deploy/compose.yaml without containers. Several built
 * servers (dist/server/main.js, as `npm start` runs one) on one PostgreSQL, behind nginx from the
 * system's packages running the repository's own configuration (deploy/nginx/), with only the
 * listening address and the instances' addresses written for this machine.
 *
 *   DATABASE_URL=postgres://… npm run cluster:local [-- --instances 3 --port 8080]
 *
 * The browser tests start it the same way (e2e/deployment.spec.ts).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SERVER = path.join(ROOT, "dist", "server", "main.js");
const NGINX_CANDIDATES = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"];

/**
 * @typedef {object} Instance
 * @property {string} url Its own address, behind the proxy.
 * @property {number} pid
 * @property {() => string} output Everything it printed (JSON log lines).
 * @property {(signal?: NodeJS.Signals) => Promise<number | null>} stop Sends the signal (SIGTERM) and resolves with the exit code.
 * @property {() => boolean} running
 */

/**
 * @typedef {object} Cluster
 * @property {string} url The proxy: the site's address (PUBLIC_URL).
 * @property {Instance[]} instances
 * @property {() => string} proxyOutput nginx's access and error log.
 * @property {() => Promise<void>} stop
 */

/** The nginx binary, or a message saying how to get one. */
export function findNginx() {
  const found = NGINX_CANDIDATES.find((candidate) => existsSync(candidate));
  if (found) return found;
  const which = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  throw new Error("nginx was not found. Install it (Debian: apt-get install -y nginx-light) to run several instances behind a proxy.");
}

/**
 * The repository's nginx configuration for this machine: listening on `proxyPort` on loopback,
 * in front of `ports`. Nothing else of deploy/nginx/ changes.
 * @param {number} proxyPort
 * @param {number[]} ports
 */
export function localProxyConfig(proxyPort, ports) {
  const site = readFileSync(path.join(ROOT, "deploy", "nginx", "dialwise.conf"), "utf8");
  if (!/^\s*listen 80;$/m.test(site)) throw new Error("deploy/nginx/dialwise.conf no longer has its `listen 80;` line");
  return {
    "nginx.conf": readFileSync(path.join(ROOT, "deploy", "nginx", "nginx.conf"), "utf8"),
    "dialwise.conf": site.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${proxyPort};`),
    "dialwise-upstreams.conf": ports.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;\n`).join(""),
  };
}

/**
 * @param {string} url
 * @param {() => boolean} alive
 * @param {() => string} output
 * @param {string} name
 */
async function waitUntilReady(url, alive, output, name) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!alive()) throw new Error(`${name} stopped before it was ready:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`${name} was not ready within 90 s:\n${output()}`);
    if (await fetch(`${url}/readyz`).then((response) => response.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starts a child process and keeps what it prints. With `logFile`, its output goes to that file
 * (nginx opens /dev/stdout for its access log, which a socket, as Node's pipes are, cannot be).
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @param {string} [logFile]
 */
function startChild(command, args, env, logFile) {
  const fd = logFile ? openSync(logFile, "a") : null;
  const child = spawn(command, args, { env, stdio: fd === null ? ["ignore", "pipe", "pipe"] : ["ignore", fd, fd] });
  if (fd !== null) closeSync(fd);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    output: () => (logFile ? (existsSync(logFile) ? readFileSync(logFile, "utf8") : "") : output),
    running: () => child.exitCode === null && child.signalCode === null,
    /** @param {NodeJS.Signals} [signal] @returns {Promise<number | null>} */
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return /** @type {Promise<number | null>} */ (exited);
    },
  };
}

/**
 * @param {{ databaseUrl: string, instances?: number, proxyPort?: number, env?: Record<string, string> }} options
 * @returns {Promise<Cluster>}
 */
export async function startCluster({ databaseUrl, instances = 3, proxyPort, env = {} }) {
  if (!existsSync(SERVER)) throw new Error(`${path.relative(process.cwd(), SERVER)} is missing: run npm run build first.`);
  const nginx = findNginx();
  const folder = mkdtempSync(path.join(tmpdir(), "dialwise-cluster-"));
  const port = proxyPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const ports = [];
  for (let index = 0; index < instances; index += 1) ports.push(await freePort());
  // Every instance signs sessions (and the local providers' messages) with the same secret.
  const authSecret = env.AUTH_SECRET ?? process.env.AUTH_SECRET ?? randomBytes(32).toString("base64url");

  const started = ports.map((instancePort, index) => {
    const dataDir = path.join(folder, `instance-${index + 1}`);
    mkdirSync(dataDir);
    const child = startChild(process.execPath, ["--enable-source-maps", SERVER], {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      ...env,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: authSecret,
      PUBLIC_URL: url,
      // nginx connects from loopback and overwrites X-Forwarded-For: trust that one hop, nothing else.
      TRUST_PROXY: "127.0.0.1",
      HOST: "127.0.0.1",
      PORT: String(instancePort),
      DATA_DIR: dataDir,
    });
    return { ...child, url: `http://127.0.0.1:${instancePort}`, pid: child.child.pid ?? 0, name: `instance ${index + 1}` };
  });
  /** @type {ReturnType<typeof startChild> | null} */
  let proxy = null;
  const stopAll = async () => {
    // A fast stop: a graceful one would wait for every open event stream to end.
    await proxy?.stop("SIGTERM");
    await Promise.all(started.map((instance) => instance.stop("SIGTERM")));
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    // Started together, as a deployment's instances are: one migrates, the others wait for it.
    await Promise.all(started.map((instance) => waitUntilReady(instance.url, instance.running, instance.output, instance.name)));
    const confDir = path.join(folder, "nginx");
    mkdirSync(confDir);
    for (const [file, text] of Object.entries(localProxyConfig(port, ports))) writeFileSync(path.join(confDir, file), text);
    proxy = startChild(nginx, ["-e", "stderr", "-p", confDir, "-c", path.join(confDir, "nginx.conf"), "-g", `daemon off; pid ${path.join(confDir, "nginx.pid")};`], process.env, path.join(folder, "nginx.log"));
    const running = proxy;
    await waitUntilReady(url, running.running, running.output, "nginx");
  } catch (error) {
    await stopAll();
    throw error;
  }
  const runningProxy = proxy;
  return {
    url,
    instances: started.map((instance) => ({ url: instance.url, pid: instance.pid, output: instance.output, stop: instance.stop, running: instance.running })),
    proxyOutput: runningProxy.output,
    stop: stopAll,
  };
}

/** @param {string[]} argv @param {string} name */
function option(argv, name) {
  const index = argv.indexOf(`--${name}`);
  return index >= 0 ? argv[index + 1] : undefined;
}

async function main() {
  const argv = process.argv.slice(2);
  const databaseUrl = option(argv, "database-url") ?? process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("Set DATABASE_URL (or --database-url) to the PostgreSQL database the instances share.");
    process.exit(2);
  }
  const instances = Number(option(argv, "instances") ?? 3);
  const proxyPort = option(argv, "port") ? Number(option(argv, "port")) : undefined;
  console.log(`Starting ${instances} instances on ${databaseUrl.replace(/\/\/[^@]*@/, "//…@")} behind nginx…`);
  const cluster = await startCluster({ databaseUrl, instances, proxyPort });
  console.log(`Dialwise is at ${cluster.url} (instances: ${cluster.instances.map((instance) => instance.url).join(", ")}). Ctrl-C stops them all.`);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void cluster.stop().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
