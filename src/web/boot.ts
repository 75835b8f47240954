import "./styles.css";
import { afterFirstContentfulPaint } from "./lib/first-paint";

/**
 * The page's entry. A public page arrives rendered by the server; the browser should
 * show that HTML before it spends a slow phone's CPU on the app (evaluating it, then
 * taking the HTML over), so the app starts once the page's first contentful paint is
 * on screen. Its code downloads meanwhile (index.html preloads it, at low priority so
 * the stylesheet goes first; scripts/app-preload.js). The stylesheet is imported here,
 * not by the app, so index.html links it and it blocks the first paint as it must.
 * The bare shell of a private page has nothing to show, so its app starts at once.
 */
const serverRendered = document.getElementById("root")?.hasChildNodes() === true;
void (serverRendered ? afterFirstContentfulPaint() : Promise.resolve()).then(() => import("./main"));
