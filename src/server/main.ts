import { serve } from "./serve";

// `node dist/server/main.js`: the server on its own, the web app served if it is built.
await serve();
