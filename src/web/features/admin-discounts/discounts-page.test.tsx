import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AdminDiscount } from "../../../shared/api/admin-discounts";
import { AppProviders, createQueryClient } from "../../app/providers";
import { DiscountsPage } from "./discounts-page";

const welcome: AdminDiscount = {
  id: "dsc_1",
  code: "WELCOME10",
  kind: "bonus",
  percent: 10,
  startsAt: null,
  endsAt: null,
  maxRedemptions: 100,
  maxPerCustomer: 1,
  minPurchase: "0.0000",
  used: 3,
  redeemed: 2,
  reserved: 1,
  paused: false,
  status: "active",
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
};

const json = (body: unknown, status = 200) => Response.json(body, { status });
type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

function stubApi(discounts: AdminDiscount[], handler: Handler = () => undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.pathname === "/api/admin/discounts" && (init?.method ?? "GET") === "GET") return json({ discounts });
    return json({ error: { code: "not_found", message: "Not found" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? "GET") === method && new URL(String(input), "http://localhost").pathname === path);

function renderPage() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <DiscountsPage />
    </AppProviders>,
  );
}

describe("DiscountsPage", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says when there are no codes yet", async () => {
    stubApi([]);
    renderPage();
    expect(await screen.findByText("No discount codes yet")).toBeTruthy();
  });

  it("lists a code with its discount, uses of its limit, and status", async () => {
    stubApi([welcome]);
    renderPage();
    // A table row on wide screens, a card on phones: the same facts either way.
    const card = (await screen.findByText("WELCOME10")).closest("li, tr")!;
    expect(card.textContent).toContain("10% bonus credit");
    expect(card.textContent).toContain("3 of 100");
    expect(card.textContent).toContain("Active");
    expect(card.textContent).toContain("Always");
  });

  it("pauses a code with only its pause sent", async () => {
    const fetchMock = stubApi([welcome], (url, init) => (init?.method === "PUT" ? json({ discount: { ...welcome, paused: true, status: "paused" } }) : undefined));
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Pause WELCOME10" }));
    await waitFor(() => expect(calls(fetchMock, "PUT", "/api/admin/discounts/dsc_1")).toHaveLength(1));
    expect(JSON.parse(String(calls(fetchMock, "PUT", "/api/admin/discounts/dsc_1")[0]![1]?.body))).toEqual({ paused: true });
  });

  it("shows the server's refusal of a taken code on the code field", async () => {
    const fetchMock = stubApi([], (url, init) =>
      init?.method === "POST" ? json({ error: { code: "discount_code_taken", message: "The code SPRING is already in use" } }, 409) : undefined,
    );
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "New code" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Code"), { target: { value: "spring" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create code" }));
    expect(await within(dialog).findByText("Another discount code already uses this text. Choose a different one.")).toBeTruthy();
    expect(JSON.parse(String(calls(fetchMock, "POST", "/api/admin/discounts")[0]![1]?.body))).toEqual({
      code: "SPRING",
      kind: "bonus",
      percent: 10,
      startsAt: null,
      endsAt: null,
      maxRedemptions: null,
      maxPerCustomer: 1,
      minPurchase: "0",
    });
  });

  it("asks before deleting, then deletes", async () => {
    const fetchMock = stubApi([welcome], (url, init) => (init?.method === "DELETE" ? json({ deleted: true }) : undefined));
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Delete WELCOME10" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(calls(fetchMock, "DELETE", "/api/admin/discounts/dsc_1")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete code" }));
    await waitFor(() => expect(calls(fetchMock, "DELETE", "/api/admin/discounts/dsc_1")).toHaveLength(1));
  });
});
