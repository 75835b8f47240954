import { captureEarlyInput } from "./early-input";
import { noteFirstUse } from "./first-use";

// Bundled on its own and written inline into index.html's head (scripts/inline-early-input.js): it must run before the page can be touched.
captureEarlyInput(window);
noteFirstUse(window);
