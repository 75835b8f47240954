import Fastify from "fastify";

// The framework's ceiling on this machine: no plugins, no hooks, no validation. A GET
// answering a constant, and a POST reading the same JSON body the lookup reads and
// answering with it: the fair floor for a POST route. Prints its address.
const app = Fastify({ logger: false });
app.get("/bare", async () => ({ ok: true }));
app.post("/bare", async (request) => request.body);
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
console.log(`listening ${address}`);
