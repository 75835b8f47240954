import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TranslatorProvider } from "./i18n/use-translation";
import type { ReactNode } from "react";
import { i18n } from "./i18n/i18n";
import { usePageTitle } from "./use-page-title";

describe("usePageTitle", () => {
  afterEach(() => {
    delete document.documentElement.dataset.head;
  });

  it("keeps the server's title on the page the reader arrived at, and titles every page after it", () => {
    document.documentElement.dataset.head = "server";
    document.title = "Anruftarife nach Land · Dialwise";
    const { rerender } = renderHook(({ title }) => usePageTitle(title), { initialProps: { title: "Countries" }, wrapper: ({ children }: { children: ReactNode }) => <TranslatorProvider translator={i18n}>{children}</TranslatorProvider> });
    expect(document.title).toBe("Anruftarife nach Land · Dialwise");

    window.history.pushState(null, "", "/de/faq");
    rerender({ title: "FAQ" });
    expect(document.title).toBe("FAQ · Dialwise");
  });
});
