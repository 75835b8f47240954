import { createBrowserRouter, type DOMRouterOpts, type RouteObject } from "react-router";
import { PageSpinner } from "../components/ui/spinner";
import { ErrorPage } from "../features/system/error-page";
import { RequireAdmin, RequireUser } from "./guards";
import { AppShell } from "./layouts/app-shell";
import { LocaleGate, RootRedirect } from "./locale-routing";
import { adminPages, customerPages, GUARDED_ADMIN_PATHS, GUARDED_CUSTOMER_PATHS, publicPages } from "./page-routes";

const notFound: RouteObject["lazy"] = async () => ({ Component: (await import("../components/not-found-page")).default });

/** Guarded spec paths without a page yet still pass through their guard, then show the 404 page. */
function withPendingPaths(pages: { path: string; lazy: NonNullable<RouteObject["lazy"]> }[], guarded: string[]): RouteObject[] {
  const built = new Set(pages.map((route) => route.path));
  return [...pages, ...guarded.filter((path) => !built.has(path)).map((path) => ({ path, lazy: notFound }))];
}

// Pages are listed in ./page-routes.tsx.
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    // Shown while the first lazy page module loads.
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: "/", element: <RootRedirect /> },
      {
        path: "/:lang",
        element: <LocaleGate />,
        children: [
          {
            element: <AppShell />,
            errorElement: <ErrorPage />,
            children: [
              ...publicPages.map(({ path, lazy }) => (path === "" ? { index: true, lazy } : { path, lazy })),
              { element: <RequireUser />, children: withPendingPaths(customerPages, GUARDED_CUSTOMER_PATHS) },
              { element: <RequireAdmin />, children: withPendingPaths(adminPages, GUARDED_ADMIN_PATHS) },
              { path: "*", lazy: notFound },
            ],
          },
        ],
      },
      { path: "*", element: <RootRedirect /> },
    ],
  },
];

export function createRouter(options?: DOMRouterOpts) {
  return createBrowserRouter(routes, options);
}
