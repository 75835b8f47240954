import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders, createQueryClient } from "../app/providers";

/** Renders a component under /{lang}/… with the app's providers, for component tests. */
export function renderAt(
  element: ReactNode,
  { path = "/en/test", pattern = "/:lang/*", extraRoutes = [] as { path: string; element: ReactNode }[], state = undefined as unknown } = {},
) {
  // `state`: the navigation state the page is opened with (a country page's "Call {country} now").
  const router = createMemoryRouter([{ path: pattern, element }, ...extraRoutes], { initialEntries: [state === undefined ? path : { pathname: path, state }] });
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...view };
}
