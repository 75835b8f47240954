import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import english from "../../../../data/translations/en/legal.json";
import { renderAt } from "../../test/render-with-app";
import { stubContentApi } from "./content.fixtures";
import { LEGAL_SECTIONS } from "./legal-sections";
import PrivacyPage from "./privacy-page";
import TermsPage from "./terms-page";

const sectionHeadings = () =>
  screen
    .getAllByRole("heading", { level: 2 })
    .filter((heading) => heading.id !== "legal-contents")
    .map((heading) => heading.textContent);

describe("legal pages", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("has English text for every heading and paragraph both documents list", () => {
    for (const section of [...LEGAL_SECTIONS.terms, ...LEGAL_SECTIONS.privacy]) {
      for (const key of [section.titleKey, ...section.paragraphKeys]) expect(english, key).toHaveProperty([key]);
    }
  });

  it("renders the terms: title, last-updated date, contents linking to each numbered section, the support address", async () => {
    stubContentApi();
    renderAt(<TermsPage />, { path: "/en/terms" });
    expect(await screen.findByRole("heading", { level: 1, name: "Terms of service" })).toBeTruthy();
    expect(screen.getByText("Last updated: November 23, 2026").getAttribute("datetime")).toBe("2026-11-23");
    expect(sectionHeadings()).toEqual([
      "1.The service",
      "2.No emergency calls",
      "3.Your account",
      "4.Prices and billing",
      "5.Credit and payment",
      "6.Refunds",
      "7.Acceptable use",
      "8.Availability and changes to the service",
      "9.Liability",
      "10.Changes to these terms",
      "11.Contact",
    ]);
    const contents = screen.getByRole("navigation", { name: "Contents" });
    const emergency = [...contents.querySelectorAll("a")].find((link) => link.textContent === "No emergency calls");
    expect(emergency?.getAttribute("href")).toBe("#terms-emergency");
    fireEvent.click(emergency!);
    expect(document.activeElement?.id).toBe("terms-emergency");
    expect(screen.getByText(/use a regular|another way to reach emergency services/)).toBeTruthy();
    expect(screen.getByRole("link", { name: /help@dialwise\.example/ }).getAttribute("href")).toBe("mailto:help@dialwise.example");
    expect(document.title).toBe("Terms of service · Dialwise");
  });

  it("renders the privacy policy and names our team when the support address cannot be read", async () => {
    stubContentApi(null);
    renderAt(<PrivacyPage />, { path: "/en/privacy" });
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy policy" })).toBeTruthy();
    expect(sectionHeadings()).toHaveLength(LEGAL_SECTIONS.privacy.length);
    expect(sectionHeadings()[0]).toBe("1.Who is responsible");
    expect(screen.getByText(/You can reach us about anything to do with your data at our support team\./)).toBeTruthy();
    expect(screen.queryByRole("link", { name: /^Write to/ })).toBeNull();
    expect(screen.queryByText(/\{\{/)).toBeNull();
    expect(document.title).toBe("Privacy policy · Dialwise");
  });
});
