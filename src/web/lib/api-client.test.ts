import { afterEach, describe, expect, it } from "vitest";
import { countryRateDetailRoute, rateLookupRoute } from "../../shared/api/routes";
import { ApiError, callApi, setApiTransport } from "./api-client";

/** Records what callApi sends and answers with the given response. */
function answerWith(response: () => Response) {
  const sent: { url: string; init: RequestInit }[] = [];
  setApiTransport((url, init) => {
    sent.push({ url, init });
    return Promise.resolve(response());
  });
  return sent;
}

describe("callApi", () => {
  afterEach(() => setApiTransport((url, init) => fetch(url, init)));

  it("fills the address from the params, sends the body as JSON and returns the answer as the server wrote it", async () => {
    const answer = { country: { code: "JM", name: "Jamaica" }, extra: "kept" };
    const sent = answerWith(() => Response.json(answer));
    await expect(callApi(countryRateDetailRoute, { params: { code: "j m" } })).resolves.toEqual(answer);
    expect(sent[0]?.url).toBe("/api/rates/countries/j%20m");
    expect(sent[0]?.init.method).toBe("GET");
    expect(sent[0]?.init.body).toBeUndefined();

    await callApi(rateLookupRoute, { body: { number: "+18765550100" } });
    expect(sent[1]?.init).toMatchObject({ method: "POST", body: '{"number":"+18765550100"}', headers: { "content-type": "application/json" } });
  });

  it("rejects with the API's error code and message, or a network error when the server cannot be reached", async () => {
    answerWith(() => Response.json({ error: { code: "no_rate", message: "No rate for this number" } }, { status: 422 }));
    const refused = await callApi(rateLookupRoute, { body: { number: "+999" } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 422, code: "no_rate", message: "No rate for this number" });

    setApiTransport(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(callApi(rateLookupRoute, { body: { number: "+1" } })).rejects.toMatchObject({ status: 0, code: "network_error" });
  });

  it("keeps how long the server asked to wait before the next try", async () => {
    answerWith(() => Response.json({ error: { code: "rate_limited", message: "Too many requests." } }, { status: 429, headers: { "retry-after": "17" } }));
    await expect(callApi(rateLookupRoute, { body: { number: "+1" } })).rejects.toMatchObject({ status: 429, retryAfterSeconds: 17 });
    answerWith(() => Response.json({ error: { code: "no_rate", message: "No rate." } }, { status: 422 }));
    await expect(callApi(rateLookupRoute, { body: { number: "+1" } })).rejects.toMatchObject({ status: 422, retryAfterSeconds: undefined });
  });
});
