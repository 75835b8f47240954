import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FAQ_ENTRIES } from "../../../shared/content/faq-entries";
import english from "../../../../data/translations/en/faq.json";
import { renderAt } from "../../test/render-with-app";
import { FaqPage } from "./faq-page";
import { stubContentApi } from "./content.fixtures";

describe("FaqPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows every group and question, with English text for each entry, and sets the title", async () => {
    stubContentApi();
    renderAt(<FaqPage />, { path: "/en/faq" });
    expect(await screen.findByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual([
      "Calling",
      "Prices and billing",
      "Credit and payments",
      "Account and privacy",
      "Ready to call?",
    ]);
    const questions = screen.getAllByRole("button", { expanded: false });
    expect(questions).toHaveLength(FAQ_ENTRIES.length);
    for (const faq of FAQ_ENTRIES) {
      expect(english, faq.id).toHaveProperty([faq.questionKey]);
      expect(english, faq.id).toHaveProperty([faq.answerKey]);
    }
    expect(screen.getByRole("button", { name: "Can I call emergency numbers?" })).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/write to us at/).textContent).toContain("help@dialwise.example"));
    expect(document.title).toBe("Frequently asked questions · Dialwise");
    expect(screen.getByRole("link", { name: "See prices by country" }).getAttribute("href")).toBe("/en/countries");
    expect(screen.getByRole("link", { name: "Create a free account" }).getAttribute("href")).toBe("/en/signup");
  });

  it("moves between questions with the arrow keys and opens the focused one", async () => {
    stubContentApi();
    renderAt(<FaqPage />, { path: "/en/faq" });
    const first = await screen.findByRole("button", { name: "How do I make a call?" });
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowDown" });
    const second = screen.getByRole("button", { name: "Do I need to install an app?" });
    expect(document.activeElement).toBe(second);
    expect(second.getAttribute("aria-expanded")).toBe("false");
    // A button's Enter and Space reach React as a click; the browser test presses the real key.
    fireEvent.click(second);
    expect(second.getAttribute("aria-expanded")).toBe("true");
    const answer = document.getElementById(second.getAttribute("aria-controls") ?? "");
    expect(answer && within(answer).getByText(/allow it, because without the microphone/)).toBeTruthy();
  });

  it("works the billing example through per-started-minute billing: 61 seconds at $0.10 is 2 minutes, $0.20", async () => {
    stubContentApi();
    renderAt(<FaqPage />, { path: "/en/faq" });
    fireEvent.click(await screen.findByRole("button", { name: "How are calls billed?" }));
    // The amounts are isolated (U+2068 … U+2069) so they stay whole in right-to-left text.
    const text = screen.getByText(/counts as/).textContent?.replace(/[\u2068\u2069]/g, "");
    expect(text).toContain("a call of 61 seconds at $0.10 per minute counts as 2 minutes and costs $0.20");
  });

  it("opens, and focuses, the question the address names (#faq-<id>, as the site search links), keeping others closed", async () => {
    stubContentApi();
    const { router } = renderAt(<FaqPage />, { path: "/en/faq#faq-refunds" });
    const refunds = await screen.findByRole("button", { name: "Can I get my unused credit back?" });
    await waitFor(() => expect(refunds.getAttribute("aria-expanded")).toBe("true"));
    expect(document.activeElement).toBe(refunds);
    expect(document.getElementById("faq-refunds")?.contains(refunds)).toBe(true);
    expect(screen.getAllByRole("button", { expanded: true })).toEqual([refunds]);
    // Another fragment opens that one too; the first stays open.
    await act(() => router.navigate("/en/faq#faq-emergency"));
    const emergency = screen.getByRole("button", { name: "Can I call emergency numbers?" });
    await waitFor(() => expect(emergency.getAttribute("aria-expanded")).toBe("true"));
    expect(refunds.getAttribute("aria-expanded")).toBe("true");
    // An unknown fragment opens nothing.
    await act(() => router.navigate("/en/faq#nothing"));
    expect(screen.getAllByRole("button", { expanded: true })).toHaveLength(2);
  });
});
