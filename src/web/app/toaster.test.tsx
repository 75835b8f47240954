import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../lib/i18n/i18n";
import { notify } from "../lib/notify";
import { AppProviders, createQueryClient } from "./providers";

describe("AppToaster", () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage("en"));
  });

  it("names the notifications region and the close button in the reader's language", async () => {
    i18n.addStrings("sv", { "common.notifications": "Aviseringar ({{hotkey}})", "common.close_notification": "Stäng aviseringen" });
    render(<AppProviders queryClient={createQueryClient()}>{null}</AppProviders>);
    act(() => notify("Sparat"));
    expect(await screen.findByRole("region", { name: "Notifications (Alt+T)" })).toBeTruthy();
    expect(await screen.findByText("Sparat")).toBeTruthy();
    await act(() => i18n.changeLanguage("sv"));
    expect(screen.getByRole("region", { name: "Aviseringar (Alt+T)" })).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Stäng aviseringen" })).toBeTruthy();
  });
});
