import { captureEarlyInput } from "./early-input";
import { noteFirstUse } from "./first-use";

// Bundled on its own and written inline into index.html's head (scripts/inline-early-input.js): it must run before the page can be touched.
// The first use is noted first: the capture holds a press back from every later listener, and a press may be the first use.
noteFirstUse(window);
captureEarlyInput(window);
