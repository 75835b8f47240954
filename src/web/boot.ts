import "./styles.css";
import { afterFirstContentfulPaint } from "./lib/first-paint";
import { warmIntl } from "./lib/warm-intl";

/**
 * The page's entry. A public page arrives rendered by the server; the browser should
 * show that HTML before it spends a slow phone's CPU on the app (evaluating it, then
 * taking the HTML over), so the app starts once the page's first contentful paint is
 * on screen. Nothing is preloaded ahead of that paint, so the HTML and the stylesheet
 * have the connection to themselves; the app's modules are then fetched together
 * (decision 018). The stylesheet is imported here,
 * not by the app, so index.html links it and it blocks the first paint as it must.
 * The bare shell of a private page has nothing to show, so its app starts at once.
 */
const serverRendered = document.getElementById("root")?.hasChildNodes() === true;
void (serverRendered ? afterFirstContentfulPaint() : Promise.resolve()).then(() => {
  const app = import("./main");
  // While the app's code downloads, the main thread is idle: load ICU's data the page will format with.
  setTimeout(() => warmIntl(document.documentElement.lang || "en"), 0);
  return app;
});
