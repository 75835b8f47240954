import { describe, expect, it } from "vitest";
import { ADMIN_PAGE_PATHS, CUSTOMER_PAGE_PATHS, PUBLIC_PAGE_PATHS } from "../../shared/site/page-paths";
import { adminPages, customerPages, publicPages } from "./page-routes";

// The server answers 404 for any page address outside the shared lists: a page the
// router has but the lists lack would go out as "not found" to crawlers and browsers.
describe("the pages the router has", () => {
  it("are exactly the pages the server knows, audience by audience", () => {
    expect(publicPages.map((route) => route.path)).toEqual([...PUBLIC_PAGE_PATHS]);
    expect(customerPages.map((route) => route.path)).toEqual([...CUSTOMER_PAGE_PATHS]);
    expect(adminPages.map((route) => route.path)).toEqual([...ADMIN_PAGE_PATHS]);
  });
});
