// Its callbacks to page.evaluate run in the browser.
/// <reference lib="dom" />
import { createServer, type Server } from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { createAdmin, signIn } from "./support/accounts";

/**
 * A hostile page on another origin of the same machine (another port: the same
 * site, so the browser sends the admin's SameSite=Lax cookies with its forms),
 * posting to our API while an administrator is signed in.
 */
function hostilePage(action: string): Promise<{ server: Server; origin: string }> {
  const html = (enctype: string) => `<!doctype html><html><body>
<form id="attack" method="POST" action="${action}" enctype="${enctype}"><input name="a" value="b"></form>
<script>document.getElementById("attack").submit();</script>
</body></html>`;
  const pages: Record<string, string> = {
    "/text": html("text/plain"),
    "/form": html("application/x-www-form-urlencoded"),
    // A script's request that needs no preflight: the answer is opaque to it, the effect is what counts.
    "/fetch": `<!doctype html><html><body><script>
fetch(${JSON.stringify(action)}, { method: "POST", mode: "no-cors", credentials: "include", headers: { "content-type": "text/plain" }, body: "{}" })
  .finally(() => { document.title = "sent"; });
</script></body></html>`,
  };
  const server = createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(pages[request.url ?? ""] ?? "");
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

test("a page on another origin posts forms to publish a draft while an admin is signed in: nothing is published", async ({ page, server }) => {
  const admin = await createAdmin(page.request, server);
  await signIn(page.request, server, admin);
  const created = await page.request.post(new URL("/api/admin/blog/posts", server.baseURL).href, {
    data: { slug: `cross-site-${randomBytes(3).toString("hex")}`, language: "en", title: "Not yet", excerpt: "Draft.", body: "Draft.", cover: null },
    headers: { origin: server.baseURL },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { post } = (await created.json()) as { post: { id: string } };
  const publish = new URL(`/api/admin/blog/posts/${post.id}/publish`, server.baseURL).href;
  const statusOfPost = async () => ((await (await page.request.get(new URL(`/api/admin/blog/posts/${post.id}`, server.baseURL).href)).json()) as { post: { status: string } }).post.status;

  // Followed as a link would be (page.goto here waits for our app, which that page is not). The
  // navigation starts after the evaluation has answered, so it cannot destroy the context it ran in.
  const visit = (url: string) => page.evaluate((target) => void setTimeout(() => (window.location.href = target)), url);
  const hostile = await hostilePage(publish);
  try {
    expect(new URL(hostile.origin).origin).not.toBe(new URL(server.baseURL).origin);
    for (const kind of ["text", "form"]) {
      const answer = page.waitForResponse((response) => response.url() === publish);
      await visit(`${hostile.origin}/${kind}`);
      const response = await answer;
      // The form's own navigation ends on our answer; the next visit starts from there, not during it.
      await page.waitForURL(publish);
      // The browser said where the form came from, and sent the admin's cookie with it.
      expect(response.request().headers()["origin"], kind).toBe(hostile.origin);
      expect((await response.request().allHeaders())["cookie"], kind).toContain("dialwise.session_token");
      expect(response.status(), kind).toBe(403);
      expect(await statusOfPost(), kind).toBe("draft");
    }
    // The browser hides the opaque answer from the page (and from the test: it blocks the body), so the post's state tells.
    await visit(`${hostile.origin}/fetch`);
    await expect(page).toHaveTitle("sent");
    expect(await statusOfPost()).toBe("draft");
  } finally {
    hostile.server.close();
  }

  // The admin's own page still publishes it.
  await page.goto("/en/blogs");
  const row = page.getByRole("row").filter({ hasText: "Not yet" });
  await row.getByRole("button", { name: "Publish Not yet" }).click();
  await expect(row.getByText("Published")).toBeVisible();
  expect(await statusOfPost()).toBe("published");
});
