import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BlogPost, BlogPostSummary } from "../../../shared/api/blog";
import { renderAt } from "../../test/render-with-app";
import { BlogListPage } from "./blog-list-page";
import { BlogPostPage } from "./blog-post-page";

const json = (body: unknown, status = 200) => Response.json(body, { status });

const guide: BlogPostSummary = {
  slug: "how-to-call-india",
  language: "en",
  title: "How to call India from abroad",
  excerpt: "The country code and number formats.",
  cover: "/uploads/blog/0123456789abcdef0123456789abcdef.png",
  publishedAt: "2026-11-04T09:00:00.000Z",
};

const translationFiles = import.meta.glob<Record<string, string>>("../../../../data/translations/*/*.json", { eager: true, import: "default" });

/** A language's strings as the server sends them to a page in that language. */
function stringsOf(language: string): Record<string, string> {
  const files = Object.entries(translationFiles).filter(([file]) => file.includes(`/translations/${language}/`));
  return Object.assign({}, ...files.map(([, strings]) => strings));
}

function stubApi(answer: (url: URL) => Response | undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost");
    const language = url.pathname.startsWith("/api/i18n/") ? url.pathname.slice("/api/i18n/".length) : null;
    if (language !== null) return json({ language, strings: stringsOf(language) });
    return answer(url) ?? json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("BlogListPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each post as a card: cover, title linking to its address, excerpt and date", async () => {
    const fetchMock = stubApi((url) => (url.pathname === "/api/blog/posts" ? json({ posts: [guide] }) : undefined));
    renderAt(<BlogListPage />, { path: "/en/blogs-guides" });
    const link = await screen.findByRole("link", { name: "How to call India from abroad" });
    expect(link.getAttribute("href")).toBe("/en/blog/how-to-call-india");
    expect(screen.getByText("The country code and number formats.")).toBeTruthy();
    expect(screen.getByText("November 4, 2026").getAttribute("datetime")).toBe("2026-11-04T09:00:00.000Z");
    expect(document.querySelector("img")?.getAttribute("src")).toBe(guide.cover);
    // Asked for the page's language; an English post on an English page has no language badge.
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith("/api/blog/posts?lang=en"))).toBe(true);
    expect(screen.queryByText("In English")).toBeNull();
  });

  it("marks a post in another language than the page's with its language", async () => {
    stubApi((url) => (url.pathname === "/api/blog/posts" ? json({ posts: [guide] }) : undefined));
    renderAt(<BlogListPage />, { path: "/sv/blogs-guides" });
    const title = await screen.findByRole("heading", { name: "How to call India from abroad" });
    expect(title.getAttribute("lang")).toBe("en");
    expect(await screen.findByText(/English/)).toBeTruthy();
  });

  it("says when nothing is published yet", async () => {
    stubApi((url) => (url.pathname === "/api/blog/posts" ? json({ posts: [] }) : undefined));
    renderAt(<BlogListPage />, { path: "/en/blogs-guides" });
    expect(await screen.findByText("No posts yet")).toBeTruthy();
  });

  it("offers to try again when the list cannot be loaded", async () => {
    stubApi((url) => (url.pathname === "/api/blog/posts" ? json({ error: { code: "internal_error", message: "x" } }, 500) : undefined));
    renderAt(<BlogListPage />, { path: "/en/blogs-guides" });
    expect(await screen.findByText("The posts could not be loaded.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("BlogPostPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  const post = (overrides: Partial<BlogPost> = {}): BlogPost => ({
    ...guide,
    body: [
      "# A heading",
      "",
      "Dial **+91** first.",
      "",
      '<script>window.__posted = 1</script><img src="x" onerror="window.__posted = 1">',
      "",
      "[Prices](/en/country/in) and [a map](https://maps.example/india) and [bad](javascript:alert(1))",
    ].join("\n"),
    fallback: false,
    ...overrides,
  });
  const open = (body: BlogPost | null, path = "/en/blog/how-to-call-india") => {
    stubApi((url) => (url.pathname === "/api/blog/posts/how-to-call-india" ? (body ? json({ post: body }) : undefined) : undefined));
    return renderAt(<BlogPostPage />, { path, pattern: "/:lang/blog/:slug" });
  };

  it("renders the Markdown without running or showing raw HTML, with safe links", async () => {
    open(post());
    expect(await screen.findByRole("heading", { level: 1, name: "How to call India from abroad" })).toBeTruthy();
    // A "#" in a post is a section heading: the page keeps one h1.
    expect(screen.getByRole("heading", { level: 2, name: "A heading" })).toBeTruthy();
    expect(document.querySelector("article strong")?.textContent).toBe("+91");
    expect(document.querySelector("article script")).toBeNull();
    expect(document.querySelector("article [onerror]")).toBeNull();
    expect((window as { __posted?: number }).__posted).toBeUndefined();
    expect(screen.getByRole("link", { name: "Prices" }).getAttribute("href")).toBe("/en/country/in");
    const external = screen.getByRole("link", { name: "a map" });
    expect(external.getAttribute("rel")).toBe("noopener noreferrer");
    expect(external.getAttribute("target")).toBe("_blank");
    expect(screen.getByText("bad").closest("a")?.getAttribute("href") ?? "").not.toContain("javascript");
  });

  it("says when the post is shown in English because the reader's language has none", async () => {
    open(post({ fallback: true }), "/de/blog/how-to-call-india");
    expect(await screen.findByRole("note")).toBeTruthy();
    expect(document.querySelector("article")?.getAttribute("lang")).toBe("en");
  });

  it("shows the 404 page for a post that does not exist, and for an address that cannot be a slug", async () => {
    open(null);
    expect(await screen.findByRole("link", { name: "Return to Home" })).toBeTruthy();
    const fetchMock = stubApi(() => undefined);
    renderAt(<BlogPostPage />, { path: "/en/blog/Not_A_Slug", pattern: "/:lang/blog/:slug" });
    await waitFor(() => expect(screen.getAllByRole("link", { name: "Return to Home" }).length).toBeGreaterThan(1));
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes("/api/blog/posts/"))).toBe(false);
  });
});
