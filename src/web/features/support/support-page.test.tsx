import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SupportMessage } from "../../../shared/api/support";
import type { AuthState } from "../../lib/auth/use-auth";
import { renderAt } from "../../test/render-with-app";
import { SupportPage } from "./support-page";

const auth = vi.hoisted(() => ({ current: null as AuthState | null }));
vi.mock("../../lib/auth/use-auth", () => ({ useAuth: () => auth.current, ACCOUNT_QUERY_KEY: ["account"] }));
const base: AuthState = { status: "unauthenticated", userId: null, email: null, role: "user", isAdmin: false, viaOAuth: false, sessionExpiresAt: null };

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;
const json = (body: unknown, status = 200) => Response.json(body, { status });

function serve(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/site") return json({ supportEmail: "help@dialwise.example", supportLocation: null });
    return handler(url, init) ?? json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}
const bodiesTo = (fetchMock: ReturnType<typeof serve>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), "http://localhost").pathname === path).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

const renderPage = (path = "/en/support") => renderAt(<SupportPage />, { path, pattern: "/:lang/support" });

describe("the support page for visitors", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows how to reach us: the configured address, the FAQ and the guides", async () => {
    auth.current = base;
    serve(() => undefined);
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Support" })).toBeTruthy();
    expect((await screen.findByRole("link", { name: /help@dialwise\.example/ })).getAttribute("href")).toBe("mailto:help@dialwise.example");
    expect(screen.getByRole("link", { name: "Read the FAQ" }).getAttribute("href")).toBe("/en/faq");
    expect(screen.getByRole("link", { name: "Browse the guides" }).getAttribute("href")).toBe("/en/blogs-guides");
    expect(document.title).toBe("Support · Dialwise");
  });

  it("checks the form before sending, then sends it in the page's language and shows the reference", async () => {
    auth.current = base;
    const fetchMock = serve((url) => (url.pathname === "/api/support/tickets" ? json({ reference: "DW-ABCD2345" }, 201) : undefined));
    renderPage("/fr/support");
    fireEvent.click(await screen.findByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Enter your email address.")).toBeTruthy();
    expect(screen.getByText("Give your message a subject.")).toBeTruthy();
    expect(screen.getByText("Write a message before sending it.")).toBeTruthy();
    expect(bodiesTo(fetchMock, "/api/support/tickets")).toEqual([]);

    fireEvent.change(screen.getByLabelText("Your email"), { target: { value: "ada@example.com" } });
    fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "Billing" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "How are calls billed?" } });
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    const sent = await screen.findByRole("status");
    expect(within(sent).getByTestId("ticket-reference").textContent).toBe("DW-ABCD2345");
    expect(sent.textContent).toContain("ada@example.com");
    expect(bodiesTo(fetchMock, "/api/support/tickets")).toEqual([{ email: "ada@example.com", subject: "Billing", message: "How are calls billed?", lang: "fr" }]);
  });

  it("refuses a message over the limit before sending, naming the limit", async () => {
    auth.current = base;
    serve(() => undefined);
    renderPage();
    fireEvent.change(await screen.findByLabelText("Message"), { target: { value: "x".repeat(4001) } });
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText("Your message is too long: it can be at most 4000 characters. Shorten it, or send it in two parts.")).toBeTruthy();
  });

  it("says clearly when the address or email has sent too many messages", async () => {
    auth.current = base;
    serve((url) => (url.pathname === "/api/support/tickets" ? json({ error: { code: "support_tickets_rate_limited", message: "Too many" } }, 429) : undefined));
    renderPage();
    fireEvent.change(await screen.findByLabelText("Your email"), { target: { value: "ada@example.com" } });
    fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "Again" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Hello" } });
    fireEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "You have sent us several messages in a short while. Please wait an hour before sending another; we will answer the ones we already have.",
    );
  });
});

describe("the support page for customers", () => {
  afterEach(() => vi.unstubAllGlobals());

  const messages: SupportMessage[] = [
    { id: 1, author: "customer", body: "My call dropped.\nTwice.", createdAt: "2026-03-01T10:00:00.000Z", readAt: "2026-03-01T10:05:00.000Z" },
    { id: 2, author: "admin", body: "<b>Sorry</b> about that!", createdAt: "2026-03-01T10:06:00.000Z", readAt: null },
  ];

  it("shows the conversation as plain text and marks the team's reply read", async () => {
    auth.current = { ...base, status: "authenticated", userId: "u1" };
    const fetchMock = serve((url) => {
      if (url.pathname === "/api/support/conversation") return json({ conversation: { id: "sup_1", reference: "DW-ABCD2345", status: "open", createdAt: "2026-03-01T10:00:00.000Z" }, messages });
      if (url.pathname === "/api/support/conversations/sup_1/read") return json({ unread: 0 });
      return undefined;
    });
    renderPage();
    const log = await screen.findByRole("log", { name: "Messages" });
    const bodies = within(log).getAllByRole("article").map((article) => article.querySelector("p")?.textContent);
    expect(bodies).toEqual(["My call dropped.\nTwice.", "<b>Sorry</b> about that!"]);
    // Written as characters, never as markup.
    expect(log.querySelector("b")).toBeNull();
    expect(within(log).getAllByRole("article").map((article) => article.querySelector("header span")?.textContent)).toEqual(["You", "Dialwise support"]);
    await waitFor(() => expect(bodiesTo(fetchMock, "/api/support/conversations/sup_1/read")).toEqual([{ throughMessageId: 2 }]));
    // The reference reads left to right inside the sentence, in every language.
    expect(screen.getByText(/Reference: \u2066DW-ABCD2345\u2069/)).toBeTruthy();
  });

  it("sends a message in the page's language and shows a refusal under the box", async () => {
    auth.current = { ...base, status: "authenticated", userId: "u1" };
    let refuse = true;
    const fetchMock = serve((url) => {
      if (url.pathname === "/api/support/conversation") return json({ conversation: null, messages: [] });
      if (url.pathname === "/api/support/messages") {
        return refuse
          ? json({ error: { code: "support_messages_rate_limited", message: "Too many" } }, 429)
          : json({ conversationId: "sup_1", message: { id: 3, author: "customer", body: "Hello", createdAt: "2026-03-01T10:00:00.000Z", readAt: null } }, 201);
      }
      return undefined;
    });
    renderPage("/de/support");
    expect(await screen.findByText("No messages yet. Tell us how we can help.")).toBeTruthy();
    const box = screen.getByLabelText("Your message");
    fireEvent.change(box, { target: { value: "Hello" } });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("You have sent many messages in a short while. Please wait a few minutes before sending more; we will answer the ones we have.")).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe("Hello");

    refuse = false;
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(""));
    expect(bodiesTo(fetchMock, "/api/support/messages").at(-1)).toEqual({ body: "Hello", lang: "de" });
  });
});
