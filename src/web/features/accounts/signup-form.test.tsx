import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../test/render-with-app";
import { SignupForm } from "./signup-form";

/** The requests the form sends, with their bodies; better-auth's client may pass a Request. */
function stubServer(signUpAnswer: () => Response) {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), "http://localhost"), init);
      const path = new URL(request.url).pathname;
      const text = request.method === "GET" ? "" : await request.text();
      sent.push({ path, body: text ? (JSON.parse(text) as unknown) : undefined });
      if (path === "/api/auth-options") return Response.json({ google: false, adminEmailDomain: "dialwise.example", passwordMinLength: 6 });
      if (path === "/api/auth/sign-up/email" || path === "/api/accounts/admin-sign-up") return signUpAnswer();
      return Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 });
    }),
  );
  return sent;
}

describe("SignupForm", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names the account within the limit however long the address, and shows a refused name's limit in the reader's words", async () => {
    const sent = stubServer(() => Response.json({ code: "NAME_TOO_LONG", message: "name rejected" }, { status: 400 }));
    renderAt(<SignupForm />, { path: "/en/auth" });
    // An address may be 254 characters long, its part before the @ more than a name may hold.
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: `${"a".repeat(150)}@example.com` } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret-one" } });
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));

    expect((await screen.findByRole("alert")).textContent).toBe("A name can be at most 100 characters.");
    await waitFor(() => expect(sent.filter((request) => request.path === "/api/auth/sign-up/email")).toHaveLength(1));
    const body = sent.find((request) => request.path === "/api/auth/sign-up/email")?.body as { name: string; email: string };
    expect(body.email).toBe(`${"a".repeat(150)}@example.com`);
    expect(body.name).toBe("a".repeat(100));
  });

  it("says in the reader's words why a page opened at an address the site does not use cannot sign up", async () => {
    stubServer(() => Response.json({ error: { code: "origin_not_allowed", message: "server's own words" } }, { status: 403 }));
    renderAt(<SignupForm />, { path: "/en/auth" });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "new@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret-one" } });
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));

    expect((await screen.findByRole("alert")).textContent).toBe(
      "For your safety, changes are accepted only from this site's own pages, and this page was opened at another address. Open the site at its usual address and try again.",
    );
  });

  it("tells an administrator sign-up that the emailed link is where the account's password is chosen", async () => {
    const sent = stubServer(() => Response.json({ status: "verification_sent" }, { status: 201 }));
    renderAt(<SignupForm />, { path: "/en/auth" });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "boss@dialwise.example" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret-one" } });
    fireEvent.click(await screen.findByRole("button", { name: "Create admin account" }));

    expect((await screen.findByRole("status")).textContent).toContain(
      "We sent a link to boss@dialwise.example. Open it and choose the account's password to activate your administrator account, then sign in with that password.",
    );
    expect(sent.some((request) => request.path === "/api/accounts/admin-sign-up")).toBe(true);
  });

});
