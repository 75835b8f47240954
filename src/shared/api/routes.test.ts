import { describe, expect, it } from "vitest";
import * as accounts from "./accounts";
import * as calls from "./calls";
import * as contacts from "./contacts";
import * as credits from "./credits";
import * as i18n from "./i18n";
import * as rates from "./rates";
import * as routes from "./routes";
import * as site from "./site";
import * as support from "./support";
import * as system from "./system";

const endpoints: Record<string, unknown> = { ...accounts, ...calls, ...contacts, ...credits, ...i18n, ...rates, ...site, ...support, ...system };

describe("the first screens' routes", () => {
  it("each name an endpoint's own method and address", () => {
    const named = Object.entries(routes);
    expect(named.length).toBeGreaterThan(0);
    for (const [name, route] of named) {
      const endpoint = endpoints[name.replace(/Route$/, "")] as { method: string; path: string } | undefined;
      expect(endpoint, name).toBeDefined();
      expect({ method: route.method, path: route.path }, name).toEqual({ method: endpoint?.method, path: endpoint?.path });
    }
  });
});
