import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Profile } from "../../../shared/api/profile";
import { renderAt } from "../../test/render-with-app";
import { onNewSession } from "../../lib/auth/session-renewed";
import { ChangePasswordForm } from "./change-password-form";
import { DeleteAccount } from "./delete-account";
import { EmailChangeForm } from "./email-change-form";
import { ProfileDetailsForm } from "./profile-details-form";
import { SpendingForm } from "./spending-form";

const PROFILE: Profile = {
  name: "Ada",
  email: "ada@example.com",
  emailVerified: true,
  locale: "en",
  balance: "12.5000",
  memberSince: "2026-01-02T03:04:05.000Z",
  spending: { dailyLimit: null, lowBalanceAlert: "2.0000", spentToday: "0.0000" },
};

/** The requests the forms send, with their bodies; `answer` decides each reply. */
function stubServer(answer: (path: string, body: unknown) => Response) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), "http://localhost"), init);
      const path = new URL(request.url).pathname;
      const text = request.method === "GET" ? "" : await request.text();
      const body = text ? (JSON.parse(text) as unknown) : undefined;
      sent.push({ method: request.method, path, body });
      return answer(path, body);
    }),
  );
  return sent;
}

const writes = (sent: { method: string }[]) => sent.filter((request) => request.method !== "GET");

describe("the profile's forms", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("changes the password ending every other session, and says this tab now has a new one (its voice grant follows it)", async () => {
    const sent = stubServer((path) => (path === "/api/auth/change-password" ? Response.json({ token: "new-session-token", user: { id: "u1" } }) : Response.json({})));
    const renewed = vi.fn();
    const stop = onNewSession(renewed);
    try {
      renderAt(<ChangePasswordForm />, { path: "/en/profile" });
      fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "old-password-1" } });
      fireEvent.change(screen.getByLabelText("New password"), { target: { value: "new-password-12345" } });
      fireEvent.click(screen.getByRole("button", { name: "Change password" }));
      await waitFor(() => expect(renewed).toHaveBeenCalledTimes(1));
      expect(writes(sent)).toEqual([
        { method: "POST", path: "/api/auth/change-password", body: { currentPassword: "old-password-1", newPassword: "new-password-12345", revokeOtherSessions: true } },
      ]);
    } finally {
      stop();
    }
  });

  it("saves spending amounts as the reader's language writes them, an empty field as no control", async () => {
    const sent = stubServer((_path, body) => Response.json({ ...(body as object), spentToday: "0.0000" }));
    renderAt(<SpendingForm spending={{ dailyLimit: "3.0000", lowBalanceAlert: null, spentToday: "1.2500" }} />, { path: "/sv/profile" });
    // A Swedish reader (the tests hold English words): amounts with a decimal comma.
    const daily = screen.getByLabelText("Daily spending limit (USD)");
    expect((daily as HTMLInputElement).value).toBe("3");
    expect(screen.getByText(/Spent today:/).textContent).toContain("1,25");
    fireEvent.change(daily, { target: { value: "2,5" } });
    fireEvent.change(screen.getByLabelText("Email me when my balance falls below (USD)"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save spending settings" }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({ method: "PUT", path: "/api/profile/spending", body: { dailyLimit: "2.5", lowBalanceAlert: null } });
  });

  it("refuses an amount of zero or a word before asking the server, in the reader's words", async () => {
    const sent = stubServer(() => Response.json({}));
    renderAt(<SpendingForm spending={PROFILE.spending} />, { path: "/en/profile" });
    fireEvent.change(screen.getByLabelText("Daily spending limit (USD)"), { target: { value: "0" } });
    fireEvent.change(screen.getByLabelText("Email me when my balance falls below (USD)"), { target: { value: "lots" } });
    fireEvent.click(screen.getByRole("button", { name: "Save spending settings" }));
    const alerts = await screen.findAllByRole("alert");
    expect(alerts.map((alert) => alert.textContent)).toEqual(["Enter an amount above $0 and no more than $10,000.", "Enter an amount above $0 and no more than $10,000."]);
    expect(writes(sent)).toEqual([]);
  });

  it("keeps a name within the one limit, and moves the page to the language chosen once it is saved", async () => {
    const sent = stubServer((_path, body) => Response.json({ ...PROFILE, ...(body as object) }));
    const { router } = renderAt(<ProfileDetailsForm profile={PROFILE} />, { path: "/en/profile" });
    const name = screen.getByLabelText("Name");
    fireEvent.change(name, { target: { value: "x".repeat(101) } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe("A name can be at most 100 characters.");
    expect(writes(sent)).toEqual([]);

    fireEvent.change(name, { target: { value: " Ada  Lovelace " } });
    fireEvent.change(screen.getByLabelText("Preferred language"), { target: { value: "de" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/de/profile"));
    expect(writes(sent)).toEqual([{ method: "PATCH", path: "/api/profile", body: { name: "Ada Lovelace", locale: "de" } }]);
  });

  it("deletes only once the email address is typed, and says why the server refused", async () => {
    const sent = stubServer(() => Response.json({ error: { code: "deletion_call_in_progress", message: "server's words" } }, { status: 409 }));
    renderAt(<DeleteAccount email={PROFILE.email} />, { path: "/en/profile" });
    // What goes and what stays is said before anything is pressed.
    expect(screen.getByText(/are kept without your name or email address/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    const confirm = await screen.findByRole("button", { name: "Delete for good" });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    const field = screen.getByLabelText(/To confirm, type your email address/);
    fireEvent.change(field, { target: { value: "ada@example.org" } });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: "ADA@example.com " } });
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(confirm);
    expect((await screen.findByRole("alert")).textContent).toBe("End your call before deleting your account.");
    expect(writes(sent)).toEqual([{ method: "POST", path: "/api/profile/delete", body: { confirmation: "ADA@example.com" } }]);
  });

  it("asks to move the account to the new address and says the current one approves first, then the new one confirms", async () => {
    const sent = stubServer(() => Response.json({ status: true }));
    renderAt(<EmailChangeForm currentEmail="ada@example.com" />, { path: "/en/profile" });
    fireEvent.change(screen.getByLabelText("New email address"), { target: { value: " Ada.New@Example.com " } });
    fireEvent.click(screen.getByRole("button", { name: "Change email address" }));
    expect((await screen.findByRole("status")).textContent).toBe(
      "Check ada@example.com: approve the change with the link we sent there, then open the link we send to ada.new@example.com.",
    );
    expect(writes(sent)).toEqual([{ method: "POST", path: "/api/auth/change-email", body: { newEmail: "ada.new@example.com", callbackURL: "/en/profile" } }]);
  });

});
