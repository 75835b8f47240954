import { createServer } from "node:http";

// The floor Lighthouse's figures are read against: one small, complete, static HTML page
// (language, title, description, viewport, one heading) from plain node:http, gzipped,
// no JavaScript. Measured in the same run as the app, on the same machine.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Baseline page</title>
<meta name="description" content="A minimal static page that benchmarks compare the product's pages with.">
<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#0f172a}h1{font-size:2rem}</style>
</head>
<body>
<main>
<h1>International calls from your browser</h1>
<p>Call phone numbers anywhere in the world, paid from a prepaid balance.</p>
</main>
</body>
</html>
`;

const server = createServer((request, response) => {
  if (request.url === "/robots.txt") {
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("User-agent: *\nAllow: /\n");
    return;
  }
  response.writeHead(request.url === "/" ? 200 : 404, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
  response.end(PAGE);
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => console.log("listening"));
