import { vi } from "vitest";

/** A JSON answer, as the server writes it. */
export const json = (body: unknown, status = 200) => Response.json(body, { status });

/** Answers one request of a page under test, or undefined to leave it to the next handler. */
export type ApiHandler = (url: URL, init: RequestInit | undefined) => Response | undefined;

/**
 * Replaces fetch for a page test: each handler in turn may answer a request; one none answers is a
 * 404 as the server would give it. Answers the mock, so a test can read what the page asked for.
 */
export function stubApi(...handlers: ApiHandler[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    for (const handler of handlers) {
      const answer = handler(url, init);
      if (answer) return answer;
    }
    return json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}
