import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { SessionSeed, type SeededSession } from "../lib/auth/session-seed";
import { i18n } from "../lib/i18n/i18n";
import type { Translator } from "../lib/i18n/translator";
import { TranslatorProvider } from "../lib/i18n/use-translation";
import { AppToaster } from "./toaster";

export function createQueryClient(): QueryClient {
  // The spec: no retries; an error shows at once.
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } } });
}

/**
 * `translator` is the server's per-request instance (ssr/render-page.tsx); the browser uses the app's one.
 * `session` is who the server rendered the page for, when it did (use-auth.ts).
 */
export function AppProviders({
  queryClient,
  i18n: translator = i18n,
  session,
  children,
}: {
  queryClient: QueryClient;
  i18n?: Translator;
  session?: SeededSession | null;
  children: ReactNode;
}) {
  return (
    <TranslatorProvider translator={translator}>
      <QueryClientProvider client={queryClient}>
        <SessionSeed.Provider value={session}>
          {children}
          <AppToaster />
        </SessionSeed.Provider>
      </QueryClientProvider>
    </TranslatorProvider>
  );
}
