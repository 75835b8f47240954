import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { announceNewSession } from "../../lib/auth/session-renewed";
import type { AuthState } from "../../lib/auth/use-auth";
import { json, stubRatesApi } from "../../test/rates.fixtures";
import { renderAt } from "../../test/render-with-app";
import type * as AudioModule from "../../lib/voice/audio";
import { VoiceSdkLoadError } from "../../lib/voice/twilio-voice-device";
import { CallDock } from "./call-dock";
import { CallSection } from "./call-section";
import { CallSessionProvider } from "./call-session";
import { FakeDevice, FakeEventSource, LiveEventsProbe } from "./call-section.fixtures";

const auth = vi.hoisted(() => ({ current: null as AuthState | null }));
vi.mock("../../lib/auth/use-auth", () => ({ useAuth: () => auth.current, ACCOUNT_QUERY_KEY: ["account"] }));
vi.mock("../../lib/voice/create-voice-device", () => ({ createVoiceDevice: () => new FakeDevice() }));
const microphone = vi.hoisted(() => ({ allowed: true }));
vi.mock("../../lib/voice/audio", async (importOriginal) => ({
  ...(await importOriginal<typeof AudioModule>()),
  microphoneAllowed: () => Promise.resolve(microphone.allowed),
}));

const SID = `CA${"b".repeat(32)}`;
const CALL_LOG = {
  id: "c1",
  callSid: SID,
  direction: "outbound",
  toNumber: "+12025550123",
  countryCode: "US",
  ratePerMin: "0.0266",
  status: "completed",
  startedAt: "2026-11-23T10:00:00.000Z",
  answeredAt: "2026-11-23T10:00:02.000Z",
  endedAt: "2026-11-23T10:01:02.000Z",
  durationSeconds: 60,
  billedMinutes: 1,
  costUsd: "0.0266",
  qualityRating: null,
  quality: null,
};
const contact = (id: string, name: string, phone: string, countryCode: string, refusal: string | null = null) => ({
  id,
  name,
  phone,
  countryCode,
  rate: refusal ? null : "0.0300",
  refusal,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
});
const CONTACTS = [contact("k1", "Ada Lovelace", "+12025550123", "US"), contact("k2", "Åsa Lind", "+447106123456", "GB"), contact("k3", "Old Premium", "+447106123457", "GB", "premium_blocked")];

/** Text without the direction isolates that keep amounts whole inside translated sentences. */
const plain = (text: string | null | undefined) => (text ?? "").replace(/[\u2066-\u2069]/g, "");
const signedOut: AuthState = { status: "unauthenticated", userId: null, email: null, role: "user", isAdmin: false, viaOAuth: false, sessionExpiresAt: null };
const signedIn: AuthState = { ...signedOut, status: "authenticated", userId: "u1", email: "a@example.com" };

function stubApi(balance: { current: string }, rate = "0.0266") {
  let grants = 0;
  return stubRatesApi((url, init) => {
    if (url.pathname === "/api/voice/token") {
      grants += 1;
      return json({ token: `tok-${grants}`, identity: "u1", grant: `grant-${grants}`, carrier: "local", expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    }
    if (url.pathname === "/api/credits/balance") return json({ balance: balance.current });
    if (url.pathname === "/api/rates/lookup") {
      const { number } = JSON.parse(String(init?.body)) as { number: string };
      return json({ e164: number, twilioRate: "0.01400", marginPercentage: 90, country: "United States", countryCode: "US", rate, fallbackRate: "0.0500", lineType: "fixed", lineKind: "landline" });
    }
    if (url.pathname === "/api/calls/quote") {
      // As the server quotes: the whole minutes the balance buys, at most the four-hour cap.
      const { number } = JSON.parse(String(init?.body)) as { number: string };
      const minutes = Math.floor(Number(balance.current) / Number(rate) + 1e-9);
      const limit = Math.min(minutes * 60, 4 * 60 * 60);
      return json({ e164: number, countryCode: "US", rate, balance: balance.current, timeLimitSeconds: limit < 60 ? 0 : limit, longestCall: limit === 4 * 60 * 60 });
    }
    if (url.pathname === "/api/contacts") {
      const q = url.searchParams.get("q") ?? "";
      const found = CONTACTS.filter((contact) => contact.name.toLowerCase().includes(q.toLowerCase()));
      return json({ contacts: found, total: CONTACTS.length, max: 5000 });
    }
    if (url.pathname === `/api/calls/${SID}/rating` || /^\/api\/calls\/CA[0-9a-f]{32}\/quality$/.test(url.pathname)) return json({ call: CALL_LOG });
    return undefined;
  });
}

function renderSection(path: string | { pathname: string; state: unknown } = "/en") {
  return renderAt(
    <CallSessionProvider>
      <LiveEventsProbe />
      <CallSection showHeading />
      <CallDock />
    </CallSessionProvider>,
    { path: typeof path === "string" ? path : path.pathname, pattern: "/:lang", extraRoutes: [{ path: "/:lang/auth", element: <p>auth page</p> }], ...(typeof path === "string" ? {} : { state: path.state }) },
  );
}

const numberInput = () => screen.getByLabelText<HTMLInputElement>("Phone number");
const countryTrigger = () => screen.getByRole("combobox");

/** The section as a visitor with no balance sees it, once it has settled on its first country. */
async function openAsVisitor() {
  auth.current = signedOut;
  stubApi({ current: "0.0000" });
  renderSection();
  await waitFor(() => expect(countryTrigger().textContent).toContain("United States"));
}

/** Types a number, presses Start Call and Call now: the device's call, once it is placed. */
async function placeCall(number: string) {
  fireEvent.change(numberInput(), { target: { value: number } });
  fireEvent.click(screen.getByRole("button", { name: "Start Call" }));
  fireEvent.click(within(await screen.findByRole("dialog", { name: "Start this call?" })).getByRole("button", { name: "Call now" }));
  await waitFor(() => expect(FakeDevice.last?.calls[0]).toBeTruthy());
  return FakeDevice.last?.calls[0];
}

const status = (overrides: Record<string, unknown>) => ({ callSid: SID, status: "initiated", talkDurationSeconds: 0, toNumber: "+12025550123", ratePerMin: "0.0266", timeLimitSeconds: 60, costUsd: null, reason: null, ...overrides });

describe("the call section", () => {
  beforeEach(() => {
    microphone.allowed = true;
    FakeDevice.last = null;
    FakeDevice.failWith = null;
    FakeDevice.startsAfter = null;
  });
  afterEach(() => vi.useRealTimers());

  it("sends a visitor who presses Call to sign in", async () => {
    auth.current = signedOut;
    stubApi({ current: "0.0000" });
    const { router } = renderSection();
    await waitFor(() => expect(countryTrigger().textContent).toContain("United States"));
    fireEvent.click(screen.getByRole("button", { name: "Start Call" }));
    expect(await screen.findByText("Please sign in to make calls")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/auth"));
  });

  it("fills the country and the number from a pasted +number, and keeps digits only up to the limit", async () => {
    await openAsVisitor();
    fireEvent.paste(numberInput(), { clipboardData: { getData: () => "+44 7400 123456" } });
    await waitFor(() => expect(countryTrigger().textContent).toContain("United Kingdom"));
    expect(numberInput().value).toBe("7400123456");
    fireEvent.change(numberInput(), { target: { value: "12-34 5678 9012 3456 7890" } });
    expect(numberInput().value).toBe("1234567890123");
    fireEvent.click(screen.getByRole("button", { name: "Delete last digit" }));
    expect(numberInput().value).toBe("123456789012");
  });

  it("switches the country on a +number typed key by key, keeping every digit, as a pasted one does", async () => {
    await openAsVisitor();
    const user = userEvent.setup();
    await user.click(numberInput());
    await user.keyboard("+44 20 7946 0000");
    await waitFor(() => expect(countryTrigger().textContent).toContain("United Kingdom"));
    expect(numberInput().value).toBe("2079460000");
  });

  it("shows the + while a calling code is typed, and reads digits after an unknown code as national ones", async () => {
    await openAsVisitor();
    for (const text of ["+", "+4"]) {
      fireEvent.change(numberInput(), { target: { value: text } });
      expect(numberInput().value).toBe(text);
    }
    // No calling code starts with 0: the "+" goes, the digits stay, as before.
    fireEvent.change(numberInput(), { target: { value: "+0" } });
    expect(numberInput().value).toBe("0");
    expect(countryTrigger().textContent).toContain("United States");
  });

  it("reads a +number inserted in one go (autofill) whole, past the national digits' limit", async () => {
    await openAsVisitor();
    // A browser cuts text inserted in one go (autofill, Playwright's fill) to the field's maxLength, which
    // happy-dom does not: done here as the browser would.
    const text = "+44 20 7946 0000";
    const field = numberInput();
    fireEvent.change(field, { target: { value: field.maxLength >= 0 ? text.slice(0, field.maxLength) : text } });
    await waitFor(() => expect(countryTrigger().textContent).toContain("United Kingdom"));
    expect(numberInput().value).toBe("2079460000");
  });

  it("still reads national digits under the country picked, and a number typed with 00 as international", async () => {
    await openAsVisitor();
    const user = userEvent.setup();
    await user.click(numberInput());
    await user.keyboard("(202) 555-0123");
    expect(numberInput().value).toBe("2025550123");
    expect(countryTrigger().textContent).toContain("United States");
    await user.clear(numberInput());
    await user.keyboard("0044 20 7946 0000");
    await waitFor(() => expect(countryTrigger().textContent).toContain("United Kingdom"));
    expect(numberInput().value).toBe("2079460000");
  });

  it("moves a +1 number typed key by key to its own country once it is whole, as a pasted one does", async () => {
    await openAsVisitor();
    const user = userEvent.setup();
    await user.click(numberInput());
    await user.keyboard("+1 416 555 0123");
    await waitFor(() => expect(countryTrigger().textContent).toContain("Canada"));
    expect(numberInput().value).toBe("4165550123");
  });

  it("sends a visitor who presses Contacts to sign in", async () => {
    auth.current = signedOut;
    stubApi({ current: "0.0000" });
    const { router } = renderSection();
    await waitFor(() => expect(countryTrigger().textContent).toContain("United States"));
    fireEvent.click(screen.getByRole("button", { name: "Contacts" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/auth"));
  });

  it("fetches a new token and call grant when the password change moves this tab to a new session, so its calls are not refused", async () => {
    auth.current = signedIn;
    stubApi({ current: "5.0000" });
    renderSection();
    await screen.findByText("Ready to call");
    expect(FakeDevice.last?.updateToken).not.toHaveBeenCalled();
    act(() => announceNewSession());
    await waitFor(() => expect(FakeDevice.last?.updateToken).toHaveBeenCalledWith(expect.objectContaining({ token: "tok-2", grant: "grant-2" })));
  });

  it("fills the country and the number from a contact picked in the searchable dialog, which links to the contacts page", async () => {
    auth.current = signedIn;
    const fetchMock = stubApi({ current: "5.0000" });
    renderSection();
    await waitFor(() => expect(countryTrigger().textContent).toContain("United States"));
    fireEvent.click(screen.getByRole("button", { name: "Contacts" }));
    const dialog = await screen.findByRole("dialog", { name: "Choose a contact" });
    expect(within(dialog).getByRole("link", { name: "Manage contacts" }).getAttribute("href")).toBe("/en/contacts");
    // A number the gate would refuse now is listed but cannot be picked.
    expect((await within(dialog).findByRole<HTMLButtonElement>("button", { name: /Old Premium/ })).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText("Search contacts"), { target: { value: "lind" } });
    await waitFor(() => expect(within(dialog).queryByRole("button", { name: /Ada Lovelace/ })).toBeNull());
    expect(fetchMock.mock.calls.some(([input]) => new URL(String(input), "http://localhost").searchParams.get("q") === "lind")).toBe(true);
    fireEvent.click(within(dialog).getByRole("button", { name: /Åsa Lind/ }));
    await waitFor(() => expect(countryTrigger().textContent).toContain("United Kingdom"));
    expect(numberInput().value).toBe("7106123456");
    expect(screen.queryByRole("dialog", { name: "Choose a contact" })).toBeNull();
  });

  it("opens with the country a country page chose", async () => {
    auth.current = signedOut;
    stubApi({ current: "0.0000" });
    renderSection({ pathname: "/en", state: { selectedCode: "JM", scrollToCall: true } });
    await waitFor(() => expect(countryTrigger().textContent).toContain("Jamaica"));
  });

  it("prefills a number handed over by another page", async () => {
    auth.current = signedOut;
    stubApi({ current: "0.0000" });
    renderSection({ pathname: "/en", state: { phoneNumber: "+44 7400 123456" } });
    await waitFor(() => expect(countryTrigger().textContent).toContain("United Kingdom"));
    expect(numberInput().value).toBe("7400123456");
  });

  it("suggests another popular country every 2.5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    auth.current = signedOut;
    stubApi({ current: "0.0000" });
    renderSection();
    const first = (await screen.findByText(/^Call .* from .*\/min$/)).textContent;
    await act(() => vi.advanceTimersByTimeAsync(2500));
    const second = screen.getByText(/^Call .* from .*\/min$/).textContent;
    expect(second).not.toBe(first);
  });

  it("asks which country when the number belongs to another one, then quotes the number it chose", async () => {
    auth.current = signedIn;
    stubApi({ current: "5.0000" });
    renderSection();
    await screen.findByText("Ready to call");
    fireEvent.change(numberInput(), { target: { value: "447400123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Start Call" }));
    const mismatch = await screen.findByRole("dialog", { name: "Check the country" });
    fireEvent.click(within(mismatch).getByRole("button", { name: /Switch to United Kingdom/ }));
    const confirm = await screen.findByRole("dialog", { name: "Start this call?" });
    await waitFor(() => expect(plain(confirm.textContent)).toContain("+44 7400 123456"));
    // Behind the modal dialog, the picker now says the country the number belongs to.
    expect(screen.getByRole("combobox", { hidden: true }).textContent).toContain("United Kingdom");
  });

  it("mutes, sends tones from the keypad, and says so when a tone could not be sent", async () => {
    auth.current = signedIn;
    stubApi({ current: "5.0000" });
    renderSection();
    await screen.findByText("Ready to call");
    const call = await placeCall("2025550123");
    if (!call) throw new Error("no call");
    act(() => call.fire("accept", undefined));
    await screen.findByText("Connected");
    fireEvent.click(screen.getByRole("button", { name: "Mute" }));
    expect(call.muted).toBe(true);
    expect(screen.getByRole("button", { name: "Unmute" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Keypad" }));
    const keypad = screen.getByRole("group", { name: "Keypad" });
    fireEvent.click(within(keypad).getByRole("button", { name: "#" }));
    expect(call.sendDigits).toHaveBeenCalledWith("#");
    call.sendDigits.mockRejectedValueOnce(new Error("no tones"));
    fireEvent.click(within(keypad).getByRole("button", { name: "5" }));
    expect(await screen.findByText("Failed to send DTMF tone")).toBeTruthy();
  });

  it("says the voice calling could not be loaded, offers a retry, and refuses to dial meanwhile", async () => {
    auth.current = signedIn;
    FakeDevice.failWith = new VoiceSdkLoadError("chunk failed");
    stubApi({ current: "5.0000" });
    renderSection();
    expect(await screen.findByText("Failed to load voice calling functionality")).toBeTruthy();
    expect(screen.getByText("Voice calling is unavailable")).toBeTruthy();
    fireEvent.change(numberInput(), { target: { value: "2025550123" } });
    fireEvent.click(screen.getByRole("button", { name: "Start Call" }));
    expect(await screen.findByText("Device Not Ready")).toBeTruthy();
    FakeDevice.failWith = null;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Ready to call")).toBeTruthy();
  });

  it("keeps a press made while the device is still starting, and opens the confirm dialog once it is ready", async () => {
    auth.current = signedIn;
    let deviceStarts = () => {};
    FakeDevice.startsAfter = new Promise<void>((resolve) => (deviceStarts = resolve));
    stubApi({ current: "5.0000" });
    renderSection();
    await waitFor(() => expect(countryTrigger().textContent).toContain("United States"));
    fireEvent.change(numberInput(), { target: { value: "2025550123" } });
    fireEvent.click(screen.getByRole("button", { name: "Start Call" }));
    // Held, and said to be under way, not refused.
    await waitFor(() => expect(screen.getByRole("button", { name: /Start Call/ }).getAttribute("aria-busy")).toBe("true"));
    expect(screen.queryByRole("dialog")).toBeNull();
    await act(async () => deviceStarts());
    expect(await screen.findByRole("dialog", { name: "Start this call?" })).toBeTruthy();
  });

  it("stops at the microphone when access is refused, and offers a retry", async () => {
    auth.current = signedIn;
    microphone.allowed = false;
    stubApi({ current: "5.0000" });
    renderSection();
    await screen.findByText("Ready to call");
    fireEvent.change(numberInput(), { target: { value: "2025550123" } });
    fireEvent.click(screen.getByRole("button", { name: "Start Call" }));
    expect(await screen.findByText("Microphone Access Required")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Allow the microphone" })).toBeTruthy();
    expect(FakeDevice.last?.connect).not.toHaveBeenCalled();
  });

  it("offers Buy Credits when the balance does not pay for a minute", async () => {
    auth.current = signedIn;
    stubApi({ current: "0.0100" });
    renderSection();
    await screen.findByText("Ready to call");
    fireEvent.change(numberInput(), { target: { value: "2025550123" } });
    fireEvent.click(screen.getByRole("button", { name: "Start Call" }));
    const dialog = await screen.findByRole("dialog", { name: "Insufficient Balance" });
    expect(within(dialog).getByRole("link", { name: "Buy Credits" }).getAttribute("href")).toBe("/en/phone");
  });

  it("confirms the rate, runs the call, ends it when the balance is spent, then shows the bill and the rating", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    auth.current = signedIn;
    const balance = { current: "0.0266" };
    const fetchMock = stubApi(balance);
    renderSection();
    await screen.findByText("Ready to call");
    fireEvent.change(numberInput(), { target: { value: "2025550123" } });
    fireEvent.click(screen.getByRole("button", { name: "Start Call" }));

    const confirm = await screen.findByRole("dialog", { name: "Start this call?" });
    expect(plain(confirm.textContent)).toContain("$0.0266 per minute");
    expect(plain(confirm.textContent)).toContain("up to 1 min");
    fireEvent.click(within(confirm).getByRole("button", { name: "Call now" }));
    await waitFor(() => expect(FakeDevice.last?.connect).toHaveBeenCalledWith("+12025550123"));
    const call = FakeDevice.last?.calls[0];
    if (!call) throw new Error("no call");
    expect(await screen.findByText("Calling...")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();

    act(() => FakeEventSource.last?.emit("call.status", status({ status: "ringing" })));
    expect(await screen.findByText("Ringing...")).toBeTruthy();
    act(() => call.fire("accept", undefined));
    expect(await screen.findByText("Connected")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Hang up" })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByLabelText("Call duration").textContent).toBe("0:30");
    expect(screen.getByText("Time left").nextElementSibling?.textContent).toBe("0:30");
    expect(screen.getByText("Cost so far").nextElementSibling?.textContent).toBe("$0.03");
    expect(call.disconnect).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(call.disconnect).toHaveBeenCalled());
    expect(await screen.findByText("Call Completed")).toBeTruthy();
    // The device's statistics go to the server once the call is over.
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith(`/api/calls/${SID}/quality`))).toBe(true));

    act(() => FakeEventSource.last?.emit("call.status", status({ status: "completed", talkDurationSeconds: 60, costUsd: "0.0266", cutOff: "balance" })));
    // The bill says why the call ended.
    expect(await screen.findByText("Call ended: your balance ran out")).toBeTruthy();
    expect(plain((await screen.findByText(/Talk time/)).textContent)).toBe("Talk time 1:00, billed minutes: 1");
    // The spent-cost toast, at 3 decimals, once the completed toast has had its 5 s.
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(plain((await screen.findByText(/was taken from your balance/)).textContent)).toBe("$0.027 was taken from your balance.");
    const rating = await screen.findByRole("dialog", { name: "How was the call quality?" });
    // No star is chosen for the customer, and Submit waits for one.
    const stars = within(rating).getAllByRole("radio");
    expect(stars.map((star) => star.getAttribute("aria-checked"))).toEqual(["false", "false", "false", "false", "false"]);
    expect((within(rating).getByRole("button", { name: "Submit" }) as HTMLButtonElement).disabled).toBe(true);
    // The stars are one radio group: its Tab stop is the first star, the arrow keys choose.
    expect(stars.map((star) => star.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    stars[0]!.focus();
    fireEvent.keyDown(stars[0]!, { key: "ArrowRight" });
    expect(within(rating).getByRole("radio", { name: "1 out of 5" }).getAttribute("aria-checked")).toBe("true");
    for (const star of [0, 1, 2]) fireEvent.keyDown(stars[star]!, { key: "ArrowRight" });
    expect(within(rating).getByRole("radio", { name: "4 out of 5" }).getAttribute("aria-checked")).toBe("true");
    expect(document.activeElement).toBe(within(rating).getByRole("radio", { name: "4 out of 5" }));
    fireEvent.click(within(rating).getByRole("button", { name: "Submit" }));
    await waitFor(() => {
      const sent = fetchMock.mock.calls.find(([input]) => String(input).endsWith(`/api/calls/${SID}/rating`));
      expect(sent?.[1]?.method).toBe("PUT");
      expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ rating: 4 });
    });
    expect(await screen.findByText("Thank you for your feedback")).toBeTruthy();
    // Focus is back on the call button, not at the top of the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Start Call" })));
  });

  it("gives focus back to Start Call when the confirmation closes with Escape or Cancel", async () => {
    auth.current = signedIn;
    stubApi({ current: "5.0000" });
    renderSection();
    await screen.findByText("Ready to call");
    const user = userEvent.setup();
    await user.click(numberInput());
    await user.keyboard("2025550123");
    for (const close of [() => user.keyboard("{Escape}"), () => user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel" }))]) {
      const start = screen.getByRole("button", { name: "Start Call" });
      start.focus();
      await user.keyboard("{Enter}");
      await screen.findByRole("dialog", { name: "Start this call?" });
      await close();
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(start));
    }
  });

  it("promises the four-hour cap when the balance buys more, shows the number grouped, and counts down from the cap", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    auth.current = signedIn;
    // $20 at $0.0266 a minute would buy 751 minutes; a call lasts at most 240.
    stubApi({ current: "20.0000" });
    renderSection();
    await screen.findByText("Ready to call");
    fireEvent.change(numberInput(), { target: { value: "2025550123" } });
    fireEvent.click(screen.getByRole("button", { name: "Start Call" }));
    const confirm = await screen.findByRole("dialog", { name: "Start this call?" });
    expect(plain(confirm.textContent)).toContain("up to 240 min, the longest a call can last");
    expect(plain(confirm.textContent)).not.toContain("751");
    await waitFor(() => expect(plain(confirm.textContent)).toContain("+1 202 555 0123"));
    fireEvent.click(within(confirm).getByRole("button", { name: "Call now" }));
    await waitFor(() => expect(FakeDevice.last?.calls[0]).toBeTruthy());
    const call = FakeDevice.last?.calls[0];
    act(() => call?.fire("accept", undefined));
    await screen.findByText("Connected");
    expect(plain(screen.getByText("Time left").nextElementSibling?.textContent ?? "")).toBe("4:00:00");
    expect(plain(screen.getByText("+1 202 555 0123").textContent)).toBe("+1 202 555 0123");
    act(() => FakeEventSource.last?.emit("call.status", status({ status: "completed", talkDurationSeconds: 14_400, costUsd: "6.3840", timeLimitSeconds: 14_400, cutOff: "longest_call" })));
    // The hours sit in a direction isolate inside the sentence.
    expect(await screen.findByText(/^Call ended: calls last at most \u2068?4\u2069? hours$/)).toBeTruthy();
  }, 30_000);

  it("raises the starting balance when credit arrives during the call", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    auth.current = signedIn;
    stubApi({ current: "0.0266" });
    renderSection();
    await screen.findByText("Ready to call");
    const call = await placeCall("2025550123");
    act(() => call?.fire("accept", undefined));
    await screen.findByText("Connected");
    // The server raises the call's limit with the credit (limit-extension.ts) and says so beside the new balance.
    act(() => FakeEventSource.last?.emit("balance", { balance: "0.0532" }));
    act(() => FakeEventSource.last?.emit("call.limit", { callSid: SID, timeLimitSeconds: 120 }));
    await waitFor(() => expect(screen.getByText("Time left").nextElementSibling?.textContent).toBe("2:00"));
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(call?.disconnect).not.toHaveBeenCalled();
  });

  it("rings on a page without the call section: the card shows the caller's number grouped, and the answered call runs there", async () => {
    auth.current = signedIn;
    stubApi({ current: "5.0000" });
    // The app shell around another page (the history), as the router puts it.
    renderAt(
      <CallSessionProvider>
        <LiveEventsProbe />
        <h1>Call history</h1>
        <CallDock />
      </CallSessionProvider>,
      { path: "/en/history", pattern: "/:lang/history" },
    );
    await waitFor(() => expect(FakeDevice.last).toBeTruthy());
    const device = FakeDevice.last!;
    let ringing: ReturnType<FakeDevice["ring"]> | undefined;
    act(() => {
      ringing = device.ring("+14155550100");
    });
    const card = await screen.findByRole("alertdialog", { name: "Incoming call" });
    await waitFor(() => expect(plain(card.textContent)).toContain("+1 415 555 0100"));
    fireEvent.click(within(card).getByRole("button", { name: "Answer" }));
    act(() => ringing?.fire("accept", undefined));
    expect(await screen.findByText("Connected")).toBeTruthy();
    expect(screen.queryByRole("alertdialog", { name: "Incoming call" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Hang up" }));
    expect(ringing?.disconnect).toHaveBeenCalled();
  }, 30_000);

  it("shows the gate's reason over the carrier's 'declined' when the server refused the call", async () => {
    auth.current = signedIn;
    stubApi({ current: "5.0000" });
    renderSection();
    await screen.findByText("Ready to call");
    const call = await placeCall("2025550123");
    act(() => call?.fire("error", { code: 31603, message: "declined" }));
    act(() => call?.disconnect());
    expect(await screen.findByText("Call declined")).toBeTruthy();
    act(() => FakeEventSource.last?.emit("call.status", status({ status: "failed", reason: "call_in_progress" })));
    expect(await screen.findByText("You already have a call in progress.")).toBeTruthy();
  });

  it("says the call was declined when the server settles it as declined (SIP 603), not that the line is busy", async () => {
    auth.current = signedIn;
    stubApi({ current: "5.0000" });
    renderSection();
    await screen.findByText("Ready to call");
    const call = await placeCall("2025550603");
    act(() => FakeEventSource.last?.emit("call.status", status({ status: "declined", toNumber: "+12025550603" })));
    expect(await screen.findByText("Call declined")).toBeTruthy();
    expect(screen.queryByText("Line is busy")).toBeNull();
    await waitFor(() => expect(call?.disconnect).toHaveBeenCalled());
  });

  it("shows the carrier's reason when the line is busy", async () => {
    auth.current = signedIn;
    stubApi({ current: "5.0000" });
    renderSection();
    await screen.findByText("Ready to call");
    const call = await placeCall("2025550486");
    act(() => call?.fire("error", { code: 31486, message: "busy" }));
    act(() => FakeEventSource.last?.emit("call.status", status({ status: "busy", toNumber: "+12025550486" })));
    expect(await screen.findByText("Line is busy")).toBeTruthy();
    await waitFor(() => expect(call?.disconnect).toHaveBeenCalled());
    expect(await screen.findByRole("button", { name: "Start Call" })).toBeTruthy();
  });
});
