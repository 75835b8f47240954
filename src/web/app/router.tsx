import { createBrowserRouter, type RouteObject } from "react-router";
import { ErrorPage } from "../features/system/error-page";
import { AppShell } from "./layouts/app-shell";
import { LocaleGate, RootRedirect } from "./locale-routing";

/** A lazily loaded page: each page module is its own chunk and exports its component as default. */
function page(load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, "lazy"> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
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
              { index: true, ...page(() => import("../features/home/home-page")) },
              { path: "*", ...page(() => import("../features/system/not-found-page")) },
            ],
          },
        ],
      },
      { path: "*", element: <RootRedirect /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
