import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { AppProviders, createQueryClient } from "./app/providers";
import { createRouter } from "./app/router";
import { startDeferredAnalytics } from "./lib/analytics/deferred-analytics";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html lacks #root");

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={createRouter()} />
    </AppProviders>
  </StrictMode>,
);

startDeferredAnalytics();
