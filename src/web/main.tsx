import { hydrate, type DehydratedState } from "@tanstack/react-query";
import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { matchRoutes, RouterProvider } from "react-router";
import { fixRegionNames } from "../shared/countries/countries";
import { APP_START_ATTRIBUTE, APP_START_ON_FIRST_USE } from "../shared/site/ssr-state";
import { AppProviders, createQueryClient } from "./app/providers";
import { createRouter, routes } from "./app/router";
import { seedLocale } from "./lib/i18n/i18n";
import { releaseAllIslands, watchIslands } from "./lib/islands";
import { nextTask } from "./lib/next-task";
import { reloadOnce, startedWell } from "./lib/reload-once";
import { keepServerAnswersFresh } from "./ssr/server-answers";
import { requestPageState } from "./ssr/page-state-request";
import { readSsrState } from "./ssr/ssr-state";

const root = document.getElementById("root");
if (!root) throw new Error("index.html lacks #root");

/**
 * A public page arrives rendered by the server (ssr/render-page.tsx) with the state it
 * was rendered from: the browser takes over that HTML (hydrates it) after putting itself
 * in the same state — the language's strings, the API answers, the page's code loaded.
 * Any other page arrives as the bare shell and is rendered here.
 */
async function start(container: HTMLElement) {
  // When the app began to run, for the browser's own timeline (and a test that it comes after the first paint).
  performance.mark("app-start");
  const queryClient = createQueryClient();
  // A visitor's page comes without its state, asked for at their first use (boot.ts; decision 051); without it the app renders the page itself.
  const state = readSsrState(document) ?? (container.getAttribute(APP_START_ATTRIBUTE) === APP_START_ON_FIRST_USE ? await requestPageState() : null);
  if (!state) {
    createRoot(container).render(
      <StrictMode>
        <AppReady>
          <AppProviders queryClient={queryClient}>
            <RouterProvider router={createRouter()} />
          </AppProviders>
        </AppReady>
      </StrictMode>,
    );
    return;
  }
  // Each step below is its own task (nextTask): back to back they were one long task after the module code ran.
  await seedLocale(state.language, state.strings, state.english);
  for (const [locale, names] of Object.entries(state.regionNames)) fixRegionNames(locale, names);
  await nextTask();
  // The render module wrote TanStack Query's own dehydrated state (ssr/render-page.tsx).
  hydrate(queryClient, state.queries as DehydratedState);
  keepServerAnswersFresh(queryClient, state.queries as DehydratedState);
  await loadMatchedPages();
  await nextTask();
  const router = createRouter({ hydrationData: { loaderData: {} } });
  // A navigation may change what a part still waiting to be taken over shows: every part is taken over first.
  const stopReleasing = router.subscribe(() => {
    releaseAllIslands();
    stopReleasing();
  });
  await nextTask();
  // React takes the HTML over as a transition, in slices it yields between; each part of the page is its own
  // Suspense boundary, hydrated first where a person touches it, and text-only parts wait until needed (decision 034).
  watchIslands(container);
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <AppReady>
          <AppProviders queryClient={queryClient} session={state.session}>
            <RouterProvider router={router} />
          </AppProviders>
        </AppReady>
      </StrictMode>,
    );
  });
}

/**
 * Marks the page as running (`<html data-app-ready>`) once React has rendered or taken over the HTML: from then
 * on every part answers, the parts still as the server wrote them being taken over as they are touched.
 */
function AppReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.appReady = "true";
    // For the browser's own timeline, beside "app-start" (and the first-use benchmark, bench/first-use.ts).
    performance.mark("app-ready");
  }, []);
  return children;
}

/** The router would show its fallback while a lazy page loads; loading it first lets the first render match the server's. */
async function loadMatchedPages() {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

// A page's code that cannot be loaded (a lazy page's chunk replaced by a release since the page came) stops the start: load it afresh.
start(root).then(
  () => startedWell(),
  (error: unknown) => {
    // Still told, for the console and whoever reads it, when the page is not (or no longer) loaded afresh.
    console.error("The app could not start", error);
    reloadOnce();
  },
);
