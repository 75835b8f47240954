import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { AppProviders, createQueryClient } from "../../providers";
import { MoreMenu } from "./more-menu";
import { customerMore } from "./nav-items";

// A file of its own: the menu's code loads once per module, and these tests start before it has.
describe("the More menu before its code is in", () => {
  it("opens from the keyboard with the focus on its first item, as radix's menu does, when the key came before the code", async () => {
    const router = createMemoryRouter([{ path: "/:lang/*", element: <MoreMenu items={customerMore()} onRates={() => undefined} unread={0} /> }], { initialEntries: ["/en/somewhere"] });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const button = screen.getByRole("button", { name: "More" });
    act(() => button.focus());
    // Pressed at once: the menu's code is still on its way.
    fireEvent.keyDown(button, { key: "ArrowDown" });

    // Loading radix's menu the first time, transformed for the test, can take seconds on a busy machine.
    const menu = await screen.findByRole("menu", undefined, { timeout: 15_000 });
    const items = screen.getAllByRole("menuitem");
    expect(menu.contains(items[0] ?? null)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
  }, 20_000);
});
