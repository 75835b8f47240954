import { describe, expect, it } from "vitest";
import { customerPrimary } from "./nav-items";

describe("the customer's header links", () => {
  it("are the spec's Buy credits, Contacts and History, in that order, each a page that exists", () => {
    expect(customerPrimary()).toEqual([
      { key: "nav.buy_credits", path: "phone" },
      { key: "nav.contacts", path: "contacts" },
      { key: "nav.history", path: "history" },
    ]);
  });
});
