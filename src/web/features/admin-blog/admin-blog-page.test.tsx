import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminBlogPost } from "../../../shared/api/blog";
import { renderAt } from "../../test/render-with-app";
import { AdminBlogPage } from "./admin-blog-page";
import { slugFromTitle } from "./post-form";

const draft: AdminBlogPost = {
  id: "post_1",
  slug: "calling-home",
  language: "en",
  title: "Calling home",
  excerpt: "How to call home.",
  body: "Text.",
  cover: null,
  status: "draft",
  publishedAt: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
};

const json = (body: unknown, status = 200) => Response.json(body, { status });
type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

function stubApi(posts: AdminBlogPost[], handler: Handler = () => undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.pathname === "/api/admin/blog/posts" && (init?.method ?? "GET") === "GET") return json({ posts });
    return json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}
const calls = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? "GET") === method && new URL(String(input), "http://localhost").pathname === path);
const renderPage = () => renderAt(<AdminBlogPage />, { path: "/en/blogs" });

describe("AdminBlogPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says when there are no posts yet", async () => {
    stubApi([]);
    renderPage();
    expect(await screen.findByText("No posts yet")).toBeTruthy();
  });

  it("lists a draft with its language and address, and publishes it", async () => {
    const fetchMock = stubApi([draft], (url, init) =>
      init?.method === "POST" && url.pathname.endsWith("/publish") ? json({ post: { ...draft, status: "published", publishedAt: "2026-11-02T10:00:00.000Z" } }) : undefined,
    );
    renderPage();
    const item = (await screen.findByText("Calling home")).closest("tr")!;
    expect(item.textContent).toContain("Draft");
    expect(item.textContent).toContain("English");
    expect(item.textContent).toContain("/calling-home");
    fireEvent.click(within(item).getByRole("button", { name: "Publish Calling home" }));
    await waitFor(() => expect(calls(fetchMock, "POST", "/api/admin/blog/posts/post_1/publish")).toHaveLength(1));
  });

  it("previews the Markdown as it is typed, checks the slug, and sends the post", async () => {
    const fetchMock = stubApi([], (url, init) => (init?.method === "POST" && url.pathname === "/api/admin/blog/posts" ? json({ post: draft }, 201) : undefined));
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "New post" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Calling home" } });
    fireEvent.change(within(dialog).getByLabelText("Address (slug)"), { target: { value: "Calling Home" } });
    fireEvent.change(within(dialog).getByLabelText("Article text"), { target: { value: "## First steps\n\n<b>raw</b> text" } });
    const preview = within(dialog).getByRole("region", { name: "Preview" });
    expect(await within(preview).findByRole("heading", { name: "First steps" })).toBeTruthy();
    expect(preview.querySelector("b")).toBeNull();

    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Use lowercase letters, digits and single hyphens only.")).toBeTruthy();
    expect(calls(fetchMock, "POST", "/api/admin/blog/posts")).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText("Address (slug)"), { target: { value: "calling-home" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(calls(fetchMock, "POST", "/api/admin/blog/posts")).toHaveLength(1));
    expect(JSON.parse(String(calls(fetchMock, "POST", "/api/admin/blog/posts")[0]![1]?.body))).toEqual({
      slug: "calling-home",
      language: "en",
      title: "Calling home",
      excerpt: "",
      body: "## First steps\n\n<b>raw</b> text",
      cover: null,
    });
  });

  it("shows the server's refusal of a taken slug on the slug field", async () => {
    stubApi([], (url, init) => (init?.method === "POST" ? json({ error: { code: "blog_slug_taken", message: "taken" } }, 409) : undefined));
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "New post" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Calling home" } });
    fireEvent.change(within(dialog).getByLabelText("Address (slug)"), { target: { value: "calling-home" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("This language already has a post at this address. Choose another one.")).toBeTruthy();
  });

  it("asks before deleting, then deletes", async () => {
    const fetchMock = stubApi([draft], (url, init) => (init?.method === "DELETE" ? json({ deleted: true }) : undefined));
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Delete Calling home" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(calls(fetchMock, "DELETE", "/api/admin/blog/posts/post_1")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete post" }));
    await waitFor(() => expect(calls(fetchMock, "DELETE", "/api/admin/blog/posts/post_1")).toHaveLength(1));
  });
});

/** Three posts whose orders by date, title, language and status all differ. */
const published = (id: string, fields: Partial<AdminBlogPost>): AdminBlogPost => ({ ...draft, id, status: "published", ...fields });
const POSTS: AdminBlogPost[] = [
  published("post_a", { slug: "zebra", title: "Zebra calls", language: "sv", publishedAt: "2026-11-05T09:00:00.000Z" }),
  { ...draft, id: "post_b", slug: "apple", title: "Apple guide", language: "en", updatedAt: "2026-11-10T09:00:00.000Z" },
  published("post_c", { slug: "mango", title: "Mango tips", language: "de", publishedAt: "2026-11-20T09:00:00.000Z" }),
];

describe("AdminBlogPage's order", () => {
  afterEach(() => vi.unstubAllGlobals());
  const titles = (container: HTMLElement, selector: string) => [...container.querySelectorAll(selector)].map((row) => row.querySelector("[lang]")?.textContent);

  it("sorts the table newest first, then by the header clicked, again to reverse, saying the order on the header", async () => {
    stubApi(POSTS);
    renderPage();
    const table = await screen.findByRole("table");
    const rows = () => titles(table, "tbody tr");
    // Dated by publication, else by the last edit: Mango 20 Nov, Apple edited 10 Nov, Zebra 5 Nov.
    expect(rows()).toEqual(["Mango tips", "Apple guide", "Zebra calls"]);
    const header = (name: string) => screen.getByRole("columnheader", { name: new RegExp(name) });
    expect(header("Date").getAttribute("aria-sort")).toBe("descending");
    fireEvent.click(within(header("Title")).getByRole("button"));
    expect(rows()).toEqual(["Apple guide", "Mango tips", "Zebra calls"]);
    expect([header("Title").getAttribute("aria-sort"), header("Date").getAttribute("aria-sort")]).toEqual(["ascending", "none"]);
    fireEvent.click(within(header("Title")).getByRole("button"));
    expect(rows()).toEqual(["Zebra calls", "Mango tips", "Apple guide"]);
    expect(header("Title").getAttribute("aria-sort")).toBe("descending");
    // Languages by their names: Deutsch, English, Svenska.
    fireEvent.click(within(header("Language")).getByRole("button"));
    expect(rows()).toEqual(["Mango tips", "Apple guide", "Zebra calls"]);
    fireEvent.click(within(header("Status")).getByRole("button"));
    expect(rows()[0]).toBe("Apple guide");
    fireEvent.click(within(header("Date")).getByRole("button"));
    expect(rows()).toEqual(["Mango tips", "Apple guide", "Zebra calls"]);
    expect(screen.getByText(/^Edited .*10.*2026/).getAttribute("datetime")).toBe("2026-11-10T09:00:00.000Z");
  });

  it("shows cards on a phone, in the order picked from the sort menu", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    stubApi(POSTS);
    renderPage();
    const list = await screen.findByRole("list", { name: "Posts" });
    expect(screen.queryByRole("table")).toBeNull();
    const cards = () => titles(list, ":scope > li");
    expect(cards()).toEqual(["Mango tips", "Apple guide", "Zebra calls"]);
    const menu = screen.getByLabelText("Sort by") as HTMLSelectElement;
    expect(menu.value).toBe("date:desc");
    fireEvent.change(menu, { target: { value: "title:asc" } });
    expect(cards()).toEqual(["Apple guide", "Mango tips", "Zebra calls"]);
    fireEvent.change(menu, { target: { value: "date:asc" } });
    expect(cards()).toEqual(["Zebra calls", "Apple guide", "Mango tips"]);
    fireEvent.change(menu, { target: { value: "status:asc" } });
    expect(cards()[0]).toBe("Apple guide");
    expect(within(list).getAllByRole("button", { name: /^Edit / })).toHaveLength(3);
  });
});

describe("slugFromTitle", () => {
  it("suggests lowercase ASCII words joined by single hyphens", () => {
    expect(slugFromTitle("How to call India — from abroad!")).toBe("how-to-call-india-from-abroad");
    expect(slugFromTitle("Ça coûte combien ?")).toBe("ca-coute-combien");
    expect(slugFromTitle("  --  ")).toBe("");
  });
});
