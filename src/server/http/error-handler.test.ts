import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerErrorHandling } from "./error-handler";

/** What node-postgres throws for a statement PostgreSQL rolled back, wrapped as Drizzle wraps it. */
const failedQuery = (code: string, message: string) => new Error("Failed query: insert into \"audit_log\" ...", { cause: Object.assign(new Error(message), { code }) });

describe("the error handler's answer to a transaction rolled back by a concurrent one", () => {
  async function answerTo(error: Error) {
    const app = Fastify({ logger: false });
    registerErrorHandling(app, { databaseReachable: async () => true });
    app.get("/fails", async () => {
      throw error;
    });
    try {
      return await app.inject({ method: "GET", url: "/fails" });
    } finally {
      await app.close();
    }
  }

  it("is a 409 conflict, for a deadlock and for a serialization failure, however deeply wrapped", async () => {
    for (const error of [failedQuery("40P01", "deadlock detected"), failedQuery("40001", "could not serialize access due to concurrent update")]) {
      const response = await answerTo(new Error("outer", { cause: error }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: { code: "conflict", message: "This was changed in the meantime. Please reload and try again." } });
    }
  });

  it("leaves other database errors a 500", async () => {
    const response = await answerTo(failedQuery("42601", "syntax error"));
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: { code: "internal_error" } });
  });
});
