import "./styles.css";
import { APP_START_ATTRIBUTE, APP_START_ON_FIRST_USE } from "../shared/site/ssr-state";
import { firstUse } from "./early-input/first-use";
import { ANALYTICS_META_NAME } from "../shared/analytics/analytics";
import { afterFirstContentfulPaint } from "./lib/first-paint";
import { prefetchAppWhenIdle } from "./lib/prefetch-app";
import { reloadOnce } from "./lib/reload-once";
import { warmIntl } from "./lib/warm-intl";
import { requestPageState } from "./ssr/page-state-request";

/**
 * The page's entry. A public page arrives rendered by the server; the browser should
 * show that HTML before it spends a slow phone's CPU on the app (evaluating it, then
 * taking the HTML over). A page rendered for nobody signed in is whole as it is (links
 * work, and what is typed or pressed is kept and replayed: decision 035), so its app
 * starts at the visitor's first use: a pointer moving or pressing, a touch, a key, focus,
 * a scroll; its HTML came without the state it was rendered from, which is asked for then
 * (decision 051). A signed-in person's page starts once its first contentful
 * paint is on screen: it keeps their balance live and rings for incoming calls. Nothing
 * is preloaded ahead of that, so the HTML and the stylesheet have the connection to
 * themselves; the app's modules are then fetched together (decision 018). The stylesheet
 * is imported here, not by the app, so index.html links it and it blocks the first paint
 * as it must. The bare shell of a private page has nothing to show, so its app starts at once.
 */
const root = document.getElementById("root");
const serverRendered = root?.hasChildNodes() === true;
const startsOnFirstUse = serverRendered && root?.getAttribute(APP_START_ATTRIBUTE) === APP_START_ON_FIRST_USE;
let appStarted = false;
// Until the visitor's first use, the app's code is fetched into the cache (not run) once the page has loaded.
if (startsOnFirstUse) prefetchAppWhenIdle(() => appStarted);
void (startsOnFirstUse ? firstUse(window) : serverRendered ? afterFirstContentfulPaint() : Promise.resolve()).then(() => {
  appStarted = true;
  // A visitor's page came without the state it was rendered from: asked for beside the app's code.
  if (startsOnFirstUse) void requestPageState();
  // A failed load of the app's code (a release since the page was loaded) would leave every press held: load the page afresh.
  const app = import("./main").catch((error: unknown) => {
    console.error("The app's code could not be loaded", error);
    reloadOnce();
  });
  // While the app's code downloads, the main thread is idle: load ICU's data the page will format with.
  setTimeout(() => warmIntl(document.documentElement.lang || "en"), 0);
  return app;
});
// Only when the server named an analytics ID (its code is not even fetched otherwise), and only after the first
// interaction or 5 s: apart from the app, which may wait longer.
if (document.querySelector(`meta[name="${ANALYTICS_META_NAME}"]`)) void import("./lib/analytics/deferred-analytics").then(({ startDeferredAnalytics }) => startDeferredAnalytics());
