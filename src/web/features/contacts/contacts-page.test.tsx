import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Contact, ContactImportReport } from "../../../shared/api/contacts";
import { CONTACT_IMPORT_MAX_BYTES } from "../../../shared/contacts/contact-limits";
import { json, stubRatesApi } from "../../test/rates.fixtures";
import { renderAt } from "../../test/render-with-app";
import { ContactsPage } from "./contacts-page";

const contact = (id: string, name: string, phone: string, countryCode: string, extra: Partial<Contact> = {}): Contact => ({
  id,
  name,
  phone,
  countryCode,
  rate: "0.0300",
  refusal: null,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
  ...extra,
});
const ASA = contact("11111111-1111-4111-8111-111111111111", "Åsa Lind", "+447106123456", "GB");
const OLD = contact("22222222-2222-4222-8222-222222222222", "Old Premium", "+447106123457", "GB", { rate: null, refusal: "premium_blocked" });

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;
/** Text without the direction isolates that keep names and amounts whole inside sentences. */
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u2066-\u2069]/g, "");

function stubApi(handler: Handler = () => undefined, contacts: Contact[] = [ASA, OLD]) {
  return stubRatesApi((url, init) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.pathname === "/api/contacts" && (init?.method ?? "GET") === "GET") {
      const q = (url.searchParams.get("q") ?? "").toLowerCase();
      return json({ contacts: contacts.filter((entry) => entry.name.toLowerCase().includes(q)), total: contacts.length, max: 5000 });
    }
    return undefined;
  });
}

const requests = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => new URL(String(input), "http://localhost").pathname === path && (init?.method ?? "GET") === method)
    .map(([, init]) => JSON.parse(String(init?.body ?? "null")) as unknown);

function Home() {
  const location = useLocation();
  return <p data-testid="home">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

const renderPage = () => renderAt(<ContactsPage />, { path: "/en/contacts", pattern: "/:lang/contacts", extraRoutes: [{ path: "/:lang", element: <Home /> }] });

describe("ContactsPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists each contact's name, number, country and price, and calls one through home's call section", async () => {
    stubApi();
    renderPage();
    const table = await screen.findByRole("region", { name: "Your contacts" });
    const [asa, old] = within(table).getAllByRole("row").slice(1) as [HTMLElement, HTMLElement];
    expect(plain(asa.textContent)).toContain("Åsa Lind");
    expect(plain(asa.textContent)).toContain("+44 7106 123456");
    expect(plain(asa.textContent)).toContain("United Kingdom");
    expect(plain(asa.textContent)).toContain("$0.0300/min");
    // A number the rates no longer allow says why, and cannot be called.
    expect(old.textContent).toContain("Premium-rate number");
    expect(within(old).getByRole<HTMLButtonElement>("button", { name: /Call/ }).disabled).toBe(true);
    expect(plain(screen.getByText(/of 5,000 contacts/).textContent)).toBe("2 of 5,000 contacts");
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/api/contacts/export.csv");

    fireEvent.click(within(asa).getByRole("button", { name: /Call/ }));
    expect((await screen.findByTestId("home")).textContent).toBe('/en {"selectedCode":"GB","phoneNumber":"7106123456","scrollToCall":true}');
  });

  it("says there are no contacts yet, and offers a retry when the list cannot be loaded", async () => {
    let fail = true;
    stubApi((url) => (url.pathname === "/api/contacts" && fail ? json({ error: { code: "internal_error", message: "x" } }, 500) : undefined), []);
    renderPage();
    expect(await screen.findByText("Your contacts could not be loaded.", { exact: false })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No contacts yet")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Export CSV" })).toBeNull();
  });

  it("searches on the server as the customer types, and offers to clear a search that finds no one", async () => {
    const fetchMock = stubApi();
    renderPage();
    await screen.findByRole("region", { name: "Your contacts" });
    fireEvent.change(screen.getByLabelText("Search contacts"), { target: { value: "nobody" } });
    expect(await screen.findByText("No contacts match your search.")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => new URL(String(input), "http://localhost").searchParams.get("q") === "nobody")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Clear search" }));
    expect(await screen.findByRole("region", { name: "Your contacts" })).toBeTruthy();
  });

  it("adds a contact: checks the name in the browser, shows the gate's refusal at the number, then saves", async () => {
    let refuse = true;
    const fetchMock = stubApi((url, init) => {
      if (url.pathname !== "/api/contacts" || init?.method !== "POST") return undefined;
      if (refuse) return json({ error: { code: "emergency_blocked", message: "Emergency" } }, 422);
      return json({ contact: contact("33333333-3333-4333-8333-333333333333", "Ada", "+12025550123", "US") }, 201);
    });
    renderPage();
    await screen.findByRole("region", { name: "Your contacts" });
    fireEvent.click(screen.getByRole("button", { name: "Add contact" }));
    const dialog = await screen.findByRole("dialog", { name: "Add a contact" });
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: " \u202e " } });
    fireEvent.change(within(dialog).getByLabelText("Phone number"), { target: { value: "911" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add contact" }));
    expect(await within(dialog).findByText("Enter a name.")).toBeTruthy();
    expect(requests(fetchMock, "POST", "/api/contacts")).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "Ada" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add contact" }));
    expect(await within(dialog).findByText(/Emergency numbers cannot be dialed/)).toBeTruthy();
    expect(requests(fetchMock, "POST", "/api/contacts")).toEqual([{ name: "Ada", country: "US", number: "911" }]);

    refuse = false;
    fireEvent.change(within(dialog).getByLabelText("Phone number"), { target: { value: "(202) 555-0123" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add contact" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add a contact" })).toBeNull());
    expect(requests(fetchMock, "POST", "/api/contacts").at(-1)).toEqual({ name: "Ada", country: "US", number: "(202) 555-0123" });
  });

  it("asks before deleting, and deletes the contact it named", async () => {
    const fetchMock = stubApi((url, init) => (init?.method === "DELETE" ? json({ deleted: true }) : undefined));
    renderPage();
    const table = await screen.findByRole("region", { name: "Your contacts" });
    fireEvent.click(within(table).getByRole("button", { name: /Delete .*Åsa Lind/ }));
    const dialog = await screen.findByRole("alertdialog");
    expect(plain(dialog.textContent)).toContain("Delete Åsa Lind?");
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === "DELETE").map(([input]) => String(input));
    expect(deletes).toEqual([`/api/contacts/${ASA.id}`]);
  });

  // Each dialog opened with the keyboard, closed with Escape and with Cancel.
  for (const { name, opener, role } of [
    { name: "add", opener: () => screen.getByRole("button", { name: "Add contact" }), role: "dialog" },
    { name: "edit", opener: () => within(screen.getByRole("region", { name: "Your contacts" })).getAllByRole("button", { name: /Edit .*Åsa Lind/ })[0]!, role: "dialog" },
    { name: "delete", opener: () => within(screen.getByRole("region", { name: "Your contacts" })).getAllByRole("button", { name: /Delete .*Åsa Lind/ })[0]!, role: "alertdialog" },
  ]) {
    it(`gives focus back to the button that opened the ${name} dialog`, async () => {
      stubApi();
      renderPage();
      await screen.findByRole("region", { name: "Your contacts" });
      const user = userEvent.setup();
      for (const close of [() => user.keyboard("{Escape}"), () => user.click(within(screen.getByRole(role)).getByRole("button", { name: "Cancel" }))]) {
        const button = opener();
        button.focus();
        await user.keyboard("{Enter}");
        await screen.findByRole(role);
        await close();
        await waitFor(() => expect(screen.queryByRole(role)).toBeNull());
        await waitFor(() => expect(document.activeElement).toBe(button));
      }
    });
  }

  it("puts focus on the page's heading once the contact whose Delete button opened the dialog is deleted", async () => {
    const saved = [ASA, OLD];
    stubApi((url, init) => (init?.method === "DELETE" ? (saved.splice(saved.indexOf(ASA), 1), json({ deleted: true })) : undefined), saved);
    renderPage();
    const table = await screen.findByRole("region", { name: "Your contacts" });
    const user = userEvent.setup();
    within(table).getAllByRole("button", { name: /Delete .*Åsa Lind/ })[0]!.focus();
    await user.keyboard("{Enter}");
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    // Its row is gone with its button once the list is read again.
    await waitFor(() => expect(within(table).queryByText("Åsa Lind")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Contacts" })));
  });

  it("imports a file after showing what would be added, merged and refused", async () => {
    const report: ContactImportReport = {
      read: 4,
      toAdd: [{ name: "Ada", phone: "+12025550123", countryCode: "US", rate: "0.0266" }],
      merged: [{ source: { kind: "card", number: 2 }, name: "Åsa", phone: "+447106123456", into: "Åsa Lind", existing: true }],
      refused: [
        { source: { kind: "card", number: 3 }, name: "Police", number: "112", reason: "emergency_blocked" },
        { source: { kind: "card", number: 4 }, name: "", number: "", reason: "unreadable" },
      ],
      existing: 2,
      max: 5000,
      canCommit: true,
    };
    const fetchMock = stubApi((url) => {
      if (url.pathname === "/api/contacts/import/preview") return json(report);
      if (url.pathname === "/api/contacts/import") return json({ ...report, added: 1 });
      return undefined;
    });
    renderPage();
    await screen.findByRole("region", { name: "Your contacts" });
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    const dialog = await screen.findByRole("dialog", { name: "Import contacts" });
    const file = new File(["BEGIN:VCARD\r\nFN:Ada\r\nEND:VCARD\r\n"], "contacts.vcf", { type: "text/vcard" });
    fireEvent.change(within(dialog).getByLabelText("File"), { target: { files: [file] } });

    expect(await within(dialog).findByRole("heading", { name: "Will be added (1)" })).toBeTruthy();
    expect(plain(within(dialog).getByText(/already saved as/).textContent)).toBe("already saved as Åsa Lind");
    const refused = within(dialog).getByRole("heading", { name: "Not imported (2)" }).parentElement!;
    expect(plain(refused.textContent)).toContain("Card 3Police112Emergency or short-service number");
    expect(plain(refused.textContent)).toContain("Card 4—Could not be read");
    expect(requests(fetchMock, "POST", "/api/contacts/import/preview")).toEqual([{ format: "vcard", text: "BEGIN:VCARD\r\nFN:Ada\r\nEND:VCARD\r\n", country: "US" }]);
    expect(requests(fetchMock, "POST", "/api/contacts/import")).toEqual([]);

    fireEvent.click(within(dialog).getByRole("button", { name: "Add contacts (1)" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Import contacts" })).toBeNull());
    expect(requests(fetchMock, "POST", "/api/contacts/import")).toHaveLength(1);
  });

  it("refuses a file over the limit in the browser, saying how large a file may be", async () => {
    const fetchMock = stubApi();
    renderPage();
    await screen.findByRole("region", { name: "Your contacts" });
    fireEvent.click(screen.getByRole("button", { name: "Import" }));
    const dialog = await screen.findByRole("dialog", { name: "Import contacts" });
    const file = new File(["x"], "huge.csv", { type: "text/csv" });
    Object.defineProperty(file, "size", { value: CONTACT_IMPORT_MAX_BYTES + 1 });
    fireEvent.change(within(dialog).getByLabelText("File"), { target: { files: [file] } });
    expect(plain((await within(dialog).findByRole("alert")).textContent)).toBe("This file is too large. A contacts file can be at most 5 MB.");
    expect(requests(fetchMock, "POST", "/api/contacts/import/preview")).toEqual([]);
  });
});
