import Fastify from "fastify";

// The framework's ceiling on this machine: one route, no plugins, no hooks. Prints its port.
const app = Fastify({ logger: false });
app.get("/bare", async () => ({ ok: true }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
console.log(`listening ${address}`);
