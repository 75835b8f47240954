import { afterEach, describe, expect, it, vi } from "vitest";

/** better-auth's session check answers "nobody", and the test counts the checks. */
function answerNobody() {
  const checks = vi.fn();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      if (String(input instanceof Request ? input.url : input).includes("/api/auth/get-session")) checks();
      return Response.json(null);
    }),
  );
  return checks;
}

describe("the session store", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("is unknown until better-auth's client has loaded, then tells its listeners what the check found", async () => {
    const checks = answerNobody();
    const { listenToSession, readSession } = await import("./session-store");
    expect(readSession()).toEqual({ data: null, isPending: true });
    const listener = vi.fn();
    const stop = listenToSession(listener);
    await vi.waitFor(() => expect(checks).toHaveBeenCalledOnce());
    await vi.waitFor(() => expect(readSession()).toMatchObject({ data: null, isPending: false }));
    expect(listener).toHaveBeenCalled();
    stop();
  });

  it("serves every listener with one subscription to better-auth's store, released when the last one leaves", async () => {
    answerNobody();
    const { listenToSession, loadAuthClient } = await import("./session-store");
    const authClient = await loadAuthClient();
    const atom = authClient.$store.atoms.session as unknown as { listen: (listener: () => void) => () => void };
    const release = vi.fn();
    const listen = vi.spyOn(atom, "listen").mockImplementation(() => release);
    const stopFirst = listenToSession(() => {});
    const stopSecond = listenToSession(() => {});
    expect(listen).toHaveBeenCalledOnce();
    stopFirst();
    expect(release).not.toHaveBeenCalled();
    stopSecond();
    expect(release).toHaveBeenCalledOnce();
  });
});
