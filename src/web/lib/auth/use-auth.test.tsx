import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders, createQueryClient } from "../../app/providers";
import { authClient } from "../auth-client";
import type { SeededSession } from "./session-seed";
import { useAuth } from "./use-auth";

let renders = 0;
function Who() {
  renders++;
  const auth = useAuth();
  return <p data-testid="who">{`${auth.status} ${auth.email ?? "-"}`}</p>;
}

/** better-auth's session check, answered as the test says; counts the checks. */
function answerSessionChecks(answer: () => unknown) {
  const checks = vi.fn();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes("/api/auth/get-session")) {
        checks();
        return Response.json(answer());
      }
      if (url.includes("/api/me")) return Response.json({ id: "u1", email: "ada@example.com", role: "user", providers: ["credential"], sessionExpiresAt: "2026-12-01T00:00:00.000Z" });
      return Response.json({ error: { code: "not_found", message: "Not found" } }, { status: 404 });
    }),
  );
  return checks;
}

function renderSeeded(session: SeededSession | null) {
  return render(
    <AppProviders queryClient={createQueryClient()} session={session}>
      <Who />
    </AppProviders>,
  );
}

describe("useAuth on a server-rendered page", () => {
  beforeEach(() => {
    renders = 0;
  });
  afterEach(() => vi.unstubAllGlobals());

  it("does not render again when better-auth's own check agrees with the page (nobody signed in)", async () => {
    const checks = answerSessionChecks(() => null);
    const view = renderSeeded(null);
    expect(screen.getByTestId("who").textContent).toBe("unauthenticated -");
    await waitFor(() => expect(checks).toHaveBeenCalled());
    // Let the answer reach the store: pending, refetching, answered — none of it changes who is signed in.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId("who").textContent).toBe("unauthenticated -");
    expect(renders).toBe(1);
    view.unmount();
  });

  it("follows better-auth's check when it finds someone else than the page was rendered for", async () => {
    const checks = answerSessionChecks(() => ({
      user: { id: "u1", email: "ada@example.com", name: "", emailVerified: true, createdAt: "2026-11-01T00:00:00.000Z", updatedAt: "2026-11-01T00:00:00.000Z" },
      session: { id: "s1", userId: "u1", token: "t", expiresAt: "2026-12-01T00:00:00.000Z", createdAt: "2026-11-01T00:00:00.000Z", updatedAt: "2026-11-01T00:00:00.000Z" },
    }));
    const view = renderSeeded(null);
    expect(screen.getByTestId("who").textContent).toBe("unauthenticated -");
    // As a sign-in in another tab would: better-auth checks the session again.
    authClient.$store.notify("$sessionSignal");
    await waitFor(() => expect(checks).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByTestId("who").textContent).toBe("authenticated ada@example.com"));
    view.unmount();
  });
});
