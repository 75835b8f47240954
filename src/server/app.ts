import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { createAuth, type Auth, type PasswordHasher } from "./auth/auth";
import { registerAuthRoutes } from "./auth/routes";
import type { Config } from "./config";
import { createEventBus, type EventBus } from "./db/bus";
import { claimDataDir } from "./db/data-dir-lock";
import { openDatabase, type DatabaseHandle } from "./db/client";
import { databaseProbe } from "./db/outage";
import { runSeeders } from "./db/seed";
import { registerAccessControl } from "./http/access";
import { createActivityStamp } from "./modules/accounts/activity-stamp";
import { registerErrorHandling, registerNotFound } from "./http/error-handler";
import { registerJsonBody } from "./http/json-body";
import { registerOpenApi } from "./http/openapi";
import { registerRequestGuards } from "./http/request-guards";
import { registerSameOriginWrites } from "./http/same-origin";
import { siteOrigins } from "./http/site-origins";
import { withAnalyticsId } from "./http/analytics";
import { inlineScriptSources } from "./http/inline-scripts";
import { registerSecurity } from "./http/security";
import { pageStatus } from "./http/page-status";
import { registerWebApp } from "./http/web-app";
import { registerEventStream } from "./modules/events/stream-routes";
import { translationsSeeder } from "./modules/i18n/seed";
import { registerI18nRoutes } from "./modules/i18n/routes";
import { createStringsCache } from "./modules/i18n/strings-cache";
import { registerAdminTranslationRoutes } from "./modules/i18n/admin-routes";
import { registerCrawlerRoutes } from "./modules/site/routes";
import { registerSystemRoutes } from "./modules/system/routes";
import { registerAdminRoutes } from "./modules/admin/routes";
import { registerAdminCallsRoutes } from "./modules/calls/admin-routes";
import { handleCallQualityCredits } from "./modules/call-credits/quality-job";
import { registerCallCreditRoutes } from "./modules/call-credits/routes";
import { registerAdminUsersRoutes } from "./modules/accounts/admin-users-routes";
import { registerAdminBackgroundRoutes } from "./modules/admin/background-routes";
import { registerAdminRatesRoutes } from "./modules/rates/admin-routes";
import { registerAdminPaymentsRoutes } from "./modules/payments/admin-routes";
import { openRatesCatalog } from "./modules/rates/catalog";
import { priceChangeAnnouncer } from "./modules/rates/price-change-announcer";
import { registerRatesRoutes } from "./modules/rates/routes";
import { countrySearchSource } from "./modules/search/country-source";
import { faqSearchSource } from "./modules/search/faq-source";
import { postSearchSource } from "./modules/search/post-source";
import { registerSearchRoutes } from "./modules/search/routes";
import type { SearchSource } from "./modules/search/search-source";
import { rateDeckSeeder } from "./modules/rates/seed";
import { registerAccountRoutes } from "./modules/accounts/routes";
import { registerProfileRoutes } from "./modules/profile/routes";
import { handleLowBalanceEmails } from "./modules/profile/low-balance-email";
import { registerCreditsRoutes } from "./modules/credits/routes";
import { registerCreditAuditRoutes } from "./modules/credit-audit/routes";
import { registerCallHistoryRoutes } from "./modules/calls/history-routes";
import { registerContactRoutes } from "./modules/contacts/routes";
import type { CallsDeps } from "./modules/calls/deps";
import { handleReconcileJobs, reconcileCall, sweepOverdueCalls } from "./modules/calls/reconcile";
import { handleWatchJobs, startCallWatch } from "./modules/calls/call-watch";
import { handleHousekeepingJobs, startHousekeeping } from "./modules/system/housekeeping";
import { registerVoiceRoutes } from "./modules/calls/routes";
import { callWebhooks } from "./modules/calls/webhooks";
import { registerPaymentsRoutes } from "./modules/payments/routes";
import { registerDiscountRoutes } from "./modules/discounts/routes";
import { handleSupportJobs } from "./modules/support/reply-notice";
import { registerSupportRoutes } from "./modules/support/routes";
import type { SupportDeps } from "./modules/support/deps";
import { openPublishedPosts } from "./modules/blog/published-posts";
import { renderPage, type PageHeadSources } from "./modules/site/page-head";
import { visitorLanguage } from "./modules/site/visitor-language";
import { loadBodyRenderer } from "./http/page-render";
import { registerPageStateRoute } from "./http/page-state-route";
import { createPageLimit, PAGE_LIMIT_NOTICE_KEY, withLimitNotice } from "./http/page-limit";
import { createPostHeads } from "./modules/site/post-heads";
import { registerBlogRoutes } from "./modules/blog/routes";
import { moveDiskCovers } from "./modules/blog/disk-covers";
import { blogGuidesSeeder } from "./modules/blog/seed";
import { paymentWebhook } from "./modules/payments/webhooks";
import { choosePayments, localCheckoutSecret } from "./providers/payments/choose-payments";
import { LocalCheckout } from "./providers/payments/local/local-checkout";
import { registerLocalCheckoutRoutes } from "./providers/payments/local/routes";
import type { PaymentsProvider, PaymentsProviderFactory } from "./providers/payments/provider";
import type { Carrier } from "./providers/telephony/carrier";
import { chooseCarrier, localCarrierSecret, type CarrierFactory } from "./providers/telephony/choose-carrier";
import { registerCarrierClockRoute } from "./providers/telephony/local/clock-route";
import { LocalCarrier } from "./providers/telephony/local/local-carrier-factory";
import { ringWebhook } from "./providers/telephony/local/ring-webhook";
import { registerLocalCarrierRoutes } from "./providers/telephony/local/routes";
import { createEmailProvider, type EmailProvider } from "./providers/email";
import { loggingOptions } from "./logging";
import { createMailer, handleMailJobs } from "./providers/email/mail-jobs";
import type { JobQueue } from "./jobs/job-queue";
import { createJobQueue } from "./jobs/pg-boss-queue";
import { registerWebhooks } from "./webhooks/register-webhooks";
import type { Webhook } from "./webhooks/webhook";
import { loadOrCreateSecrets } from "./secrets";
import { quietProgress, stillRunning, type StartupProgress } from "./startup-progress";
import { openingStep } from "./db/opening-step";
import { requestIdOptions } from "./http/request-id";
import { registerRequestIntake } from "./http/request-intake";
import { requestScopedLog } from "./http/request-log";
import { createServerMetrics, exposeMetrics } from "./metrics/server-metrics";

// Two folders up from src/server/app.ts, and from the bundle in dist/server that `npm start` runs.
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Seed data shipped with the product (rate deck, translations); not the runtime data folder. */
export const SEED_DIR = path.join(projectRoot, "data");
export const WEB_ROOT = path.join(projectRoot, "dist/web");
/** The web build's module that renders public pages on the server (src/web/ssr/render-page.tsx). */
export const SSR_ENTRY = path.join(projectRoot, "dist/ssr/render-page.js");

export interface ServerOptions {
  /** An already open database (tests); otherwise opened from the configuration. */
  database?: DatabaseHandle;
  /** Serve the built web app from here when it exists. */
  webRoot?: string | false;
  /** Render public pages on the server with this module; by default the web build's own, when the web app is served from the build. */
  ssrEntry?: string | false;
  heartbeatMs?: number;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Replaces the configured email provider (tests). */
  email?: EmailProvider;
  /** More provider webhooks beside the configured ones (tests register a test-only provider). */
  webhooks?: readonly Webhook[];
  /** Builds the telephony carrier instead of the configured choice (chooseCarrier: Twilio when configured, else the local carrier). */
  carrier?: CarrierFactory;
  /** Builds the payments provider instead of the configured choice (choosePayments: Stripe when configured, else the local checkout). */
  payments?: PaymentsProviderFactory;
  /** The site search's sources after the countries, instead of the guides and the FAQ (tests put stand-ins there). */
  searchSources?: readonly SearchSource[];
  /** Runs the watch over live calls (call-watch.ts); on unless a test that writes live calls by hand turns it off. */
  callWatch?: boolean;
  /** Hashes passwords instead of better-auth's scrypt (tests, where hundreds of sign-ups each cost half a second of scrypt). */
  passwordHasher?: PasswordHasher;
  /** Says what start-up is doing (`npm start` prints it); quiet by default. */
  progress?: StartupProgress;
  /**
   * Settles when the web app's build, running beside start-up, is done (`npm start` on a first start):
   * the database is prepared meanwhile, and the web app is served once it exists.
   */
  webAppBuilt?: Promise<unknown>;
}

export interface Server {
  app: FastifyInstance;
  database: DatabaseHandle;
  bus: EventBus;
  auth: Auth;
  jobs: JobQueue;
  carrier: Carrier;
  payments: PaymentsProvider;
  servesWebApp: boolean;
  /** The origins whose pages are ours (http/site-origins.ts): writes from any other are refused. */
  siteOrigins: readonly string[];
  close(): Promise<void>;
}

/** Opens the database, loads seed data once, and builds the Fastify app from its plugins. */
export async function createServer(config: Config, options: ServerOptions = {}): Promise<Server> {
  // The embedded database is single-process: hold DATA_DIR/server.pid so scripts (admin:create) refuse while we run.
  const alone = !options.database && !config.databaseUrl;
  const releaseDataDir = alone ? claimDataDir(config.dataDir, "the Dialwise server") : () => undefined;
  const progress = options.progress ?? quietProgress;
  const databaseOptions = config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir };
  const database = options.database ?? (await progress.step(openingStep(databaseOptions), () => openDatabase(databaseOptions)));
  const secret = config.authSecret ?? loadOrCreateSecrets(config.dataDir).authSecret;
  await runSeeders(database.db, [translationsSeeder(SEED_DIR), rateDeckSeeder(SEED_DIR), blogGuidesSeeder(SEED_DIR)], progress);

  const fastifyOptions: FastifyServerOptions = {
    // A test's own log stream gets pino's JSON lines, whatever the environment.
    ...(options.logger === false
      ? { logger: false }
      : options.logStream
        ? { logger: { level: config.logLevel, stream: options.logStream } }
        : loggingOptions(config)),
    bodyLimit: 256 * 1024,
    // A number of hops becomes a function: Fastify's types take no bare number.
    trustProxy: typeof config.trustProxy === "number" ? trustHops(config.trustProxy) : config.trustProxy,
    ...requestIdOptions(config.trustProxy),
  };
  const app = Fastify(fastifyOptions);
  // What services made here log while serving a request carries that request's id (http/request-log.ts).
  const log = requestScopedLog(app.log);
  const metrics = createServerMetrics(app, { timeRequests: config.metricsToken !== undefined });
  const bus = await createEventBus(database.db, database.listen, (error) => app.log.error({ err: error }, "event bus"), { log: app.log });
  // Quiet servers (logger: false, as in tests) keep the outbox's link lines out of the output too.
  const email = options.email ?? createEmailProvider(config, database.db, options.logger === false ? () => undefined : undefined);
  const jobs = createJobQueue(database, { log: app.log });
  handleMailJobs(jobs, email);
  const mailer = createMailer(jobs, database.db);
  // The reconcile job needs the carrier, which needs the app: both exist before the queue starts below.
  let callsDeps: CallsDeps | null = null;
  const readyCallsDeps = (): CallsDeps => {
    if (!callsDeps) throw new Error("the calls module is not ready yet");
    return callsDeps;
  };
  handleReconcileJobs(jobs, readyCallsDeps);
  handleWatchJobs(jobs, readyCallsDeps);
  handleHousekeepingJobs(jobs, database.db);
  handleCallQualityCredits(jobs, { db: database.db, bus, carrier: { callQuality: (callSid) => readyCallsDeps().carrier.callQuality(callSid) }, log: app.log });
  const origins = siteOrigins(config);
  handleLowBalanceEmails(jobs, { db: database.db, mail: mailer, publicUrl: config.publicUrl });
  const auth = createAuth({ db: database.db, bus, config, trustedOrigins: origins, secret, mail: mailer, log, passwordHasher: options.passwordHasher });
  const support: SupportDeps = { db: database.db, bus, jobs, mailer, publicUrl: config.publicUrl };
  handleSupportJobs(jobs, support);
  const rates = await openRatesCatalog(database.db, bus, (error) => app.log.error({ err: error }, "reloading rates"));
  const publishedPosts = await openPublishedPosts(database.db, bus, (error) => app.log.error({ err: error }, "reloading published posts"));
  // Covers an earlier version wrote to this instance's own folder go into the database, where every instance finds them.
  // A folder that cannot be read or emptied is said in the log; the server starts without what it could not move.
  await moveDiskCovers(database.db, config.dataDir, app.log).catch((error: unknown) => app.log.error({ err: error }, "moving blog covers into the database"));

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestIntake(app);
  registerErrorHandling(app, { databaseReachable: databaseProbe(database.db) });
  registerJsonBody(app);
  registerSecurity(app, {
    rateLimitPerMinute: config.rateLimitPerMinute,
    analytics: config.analyticsId !== undefined,
    inlineScripts: options.webRoot === false ? [] : inlineScriptSources(options.webRoot ?? WEB_ROOT),
  });
  registerRequestGuards(app);
  registerSameOriginWrites(app, origins);
  await registerOpenApi(app);
  registerAccessControl(app, auth, createActivityStamp(database.db, log));

  const carrierSecret = localCarrierSecret(config, () => loadOrCreateSecrets(config.dataDir).localCarrierSecret);
  const carrier = (options.carrier ?? chooseCarrier)({
    app,
    db: database.db,
    bus,
    jobs,
    config,
    localCarrierSecret: carrierSecret,
    reconcile: (callSid) => reconcileCall(readyCallsDeps(), callSid, { recheck: false }),
    alone,
  });
  callsDeps = { db: database.db, bus, jobs, carrier, rates, publicUrl: config.publicUrl, log, metrics: metrics.calls, grantSecret: secret };
  const checkoutSecret = localCheckoutSecret(config, () => loadOrCreateSecrets(config.dataDir).localCheckoutSecret);
  const payments = (options.payments ?? choosePayments)({ config, localCheckoutSecret: checkoutSecret, log });

  registerSystemRoutes(app, database, config, bus);
  registerAdminRoutes(app, database.db);
  registerAdminBackgroundRoutes(app, { db: database.db, jobs });
  registerAuthRoutes(app, auth, database.db);
  registerAccountRoutes(app, { db: database.db, auth, config });
  registerProfileRoutes(app, database.db, bus);
  const strings = createStringsCache(database.db, bus);
  registerI18nRoutes(app, strings);
  registerAdminTranslationRoutes(app, { db: database.db, bus, cache: strings });
  registerRatesRoutes(app, rates);
  // The site search: countries, then the published guides and the FAQ (tests may put stand-ins in their place).
  const postSearch = postSearchSource(database.db, bus);
  registerSearchRoutes(app, [countrySearchSource(rates), ...(options.searchSources ?? [postSearch, faqSearchSource(strings)])]);
  registerCreditsRoutes(app, database.db);
  registerCreditAuditRoutes(app, database.db);
  registerCallHistoryRoutes(app, database.db);
  registerContactRoutes(app, { db: database.db, rates });
  registerAdminCallsRoutes(app, database.db);
  registerCallCreditRoutes(app, database.db, bus);
  registerAdminUsersRoutes(app, { db: database.db, bus, auth, carrier });
  registerPaymentsRoutes(app, {
    db: database.db,
    bus,
    provider: payments,
    publicUrl: config.publicUrl,
    minAmount: config.payments.minAmount,
    maxAmount: config.payments.maxAmount,
  });
  registerBlogRoutes(app, { db: database.db, bus, publishedPosts });
  registerSupportRoutes(app, support);
  registerDiscountRoutes(app, { db: database.db, minAmount: config.payments.minAmount, maxAmount: config.payments.maxAmount });
  // The local checkout's page talks to these only when it is the payments provider (not beside Stripe).
  if (payments instanceof LocalCheckout) registerLocalCheckoutRoutes(app, database.db, payments);
  registerAdminRatesRoutes(app, { db: database.db, bus, catalog: rates });
  registerAdminPaymentsRoutes(app, { db: database.db, bus, provider: payments });
  const openStreams = registerEventStream(app, { db: database.db, bus, heartbeatMs: options.heartbeatMs ?? 25_000, announcers: [priceChangeAnnouncer(rates)] });
  exposeMetrics(app, metrics, { db: database.db, jobs: jobs.admin, carrier: carrier.name, log: app.log, openStreams, pool: database.pool, token: config.metricsToken });
  registerVoiceRoutes(app, { carrier, db: database.db, rates, grantSecret: secret });
  // The local carrier's signalling and its ring webhook exist only when it is the carrier (not beside Twilio).
  const localWebhooks = carrier instanceof LocalCarrier ? [ringWebhook(carrier.calls, carrierSecret, log)] : [];
  if (carrier instanceof LocalCarrier) registerLocalCarrierRoutes(app, carrier.calls, (token) => carrier.verifyVoiceToken(token));
  // Tests only (LOCAL_CARRIER_CLOCK=adjustable): without the setting the route does not exist at all.
  if (carrier instanceof LocalCarrier && carrier.adjustableClock) registerCarrierClockRoute(app, carrier.adjustableClock, carrier.calls);
  registerWebhooks(app, database.db, [...callWebhooks(callsDeps), ...localWebhooks, paymentWebhook(payments, bus), ...(options.webhooks ?? [])], metrics.webhooks);

  registerCrawlerRoutes(app, { publicUrl: config.publicUrl, rates, publishedPosts });
  // Each page's head in its language, from the same strings, rates and posts the pages show.
  const headSources: PageHeadSources = {
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
    strings: (language) => strings.strings(language),
    rates: () => rates.current(),
    post: createPostHeads(database.db, publishedPosts),
  };
  const ssrEntry = options.ssrEntry ?? (options.webRoot === undefined ? SSR_ENTRY : false);
  const webAppBuilt = options.webAppBuilt;
  if (webAppBuilt) {
    if (await stillRunning(webAppBuilt)) await progress.step("Waiting for the web app's build", () => webAppBuilt);
    else await webAppBuilt;
  }
  const pageRenderer =
    options.webRoot === false || ssrEntry === false
      ? null
      : await loadBodyRenderer(app, ssrEntry, {
          origin: config.publicUrl,
          strings: (language) => strings.strings(language),
          sources: () => [rates.current(), publishedPosts.version()],
          concurrency: config.pageRenderConcurrency,
        });
  // Pages asked for per address; a visitor's page's state (asked for at first use) counts as part of its page.
  const pageLimit = createPageLimit(config.pageRateLimitPerMinute);
  const statusOf = (pathname: string) => pageStatus(pathname, (code) => rates.current().prices.has(code), (slug) => publishedPosts.has(slug));
  if (pageRenderer !== null) registerPageStateRoute(app, pageRenderer, pageLimit, (pathname) => statusOf(pathname) === 200);
  const renderBody = pageRenderer?.body ?? null;
  const pageShell =
    options.webRoot === false
      ? null
      : await registerWebApp(app, options.webRoot ?? WEB_ROOT, async (html, pathname, status, request, limited) => {
          // The 404 page at an address without a language is shown in the visitor's (web: locale-routing.tsx); its head says the same.
          const page = withAnalyticsId(await renderPage(html, pathname, status, headSources, status === 404 ? visitorLanguage(request) : undefined), config.analyticsId);
          // Over the address's page limit: the head, and a notice in the page's language instead of a render.
          if (limited) return withLimitNotice(page, async (language) => (await strings.strings(language))[PAGE_LIMIT_NOTICE_KEY]);
          // A 404 keeps the bare shell: the browser shows its "page not found" (nothing there for a crawler to read).
          if (status !== 200 || renderBody === null) return page;
          try {
            return await renderBody(page, request);
          } catch (error) {
            // The page still works as the shell with its head: the browser renders it.
            request.log.error({ err: error, url: request.url }, "rendering the page on the server");
            return page;
          }
        }, pageLimit);
  registerNotFound(app, pageShell, statusOf);

  // The watch over live calls and the housekeeping timer stop with the app, before the job queue does (on every way of closing).
  let stopCallWatch = (): void => undefined;
  let stopHousekeeping = (): void => undefined;
  app.addHook("onClose", async () => {
    stopCallWatch();
    stopHousekeeping();
  });

  await app.ready();
  await progress.step("Starting the job queue", () => jobs.start());
  const overdue = await sweepOverdueCalls(callsDeps);
  if (overdue > 0) app.log.warn({ calls: overdue }, "calls live past their time limit: asking the carrier about them");
  if (options.callWatch !== false) stopCallWatch = startCallWatch(jobs, callsDeps);
  stopHousekeeping = startHousekeeping(jobs, database.db, app.log);
  return {
    app,
    database,
    bus,
    auth,
    jobs,
    carrier,
    payments,
    servesWebApp: pageShell !== null,
    siteOrigins: origins,
    async close() {
      // The local carrier ends its calls through the app's own webhooks: before the app closes.
      await carrier.close?.();
      await app.close();
      await jobs.stop();
      publishedPosts.close();
      postSearch.close();
      await bus.close();
      await email.close();
      await database.close();
      releaseDataDir();
    },
  };
}

function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}
