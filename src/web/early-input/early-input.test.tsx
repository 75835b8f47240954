import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { use, useEffect, useState } from "react";
import { Tabs } from "radix-ui";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CommittedBoundary } from "../lib/committed-boundary";
import { Island } from "../lib/islands";
import { captureEarlyInput } from "./early-input";

/** What the app saw: each press with the number its state held at the time. */
let seen: string[] = [];

function CallForm({ markReady = false }: { markReady?: boolean }) {
  const [number, setNumber] = useState("");
  const [agreed, setAgreed] = useState(false);
  useEffect(() => {
    // As the app's AppReady does once React has committed the page.
    if (markReady) document.documentElement.dataset.appReady = "true";
  }, [markReady]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        seen.push(`submit ${number} ${agreed}`);
      }}
    >
      <label>
        Number
        <input value={number} onChange={(event) => setNumber(event.target.value)} />
      </label>
      <label>
        <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        Agree
      </label>
      <button type="button" onClick={() => seen.push(`call ${number}`)}>
        Start call
      </button>
      <button type="submit">Send</button>
      <button type="button" onKeyDown={(event) => seen.push(`key ${event.key}${event.shiftKey ? " shift" : ""}`)}>
        Questions
      </button>
      {/* Arrows move focus between these two, as the FAQ's questions do. */}
      <button type="button" onKeyDown={(event) => event.key === "ArrowDown" && (event.currentTarget.nextElementSibling as HTMLElement).focus()}>
        First
      </button>
      <button type="button" onKeyDown={(event) => seen.push(`second ${event.key}`)}>
        Second
      </button>
    </form>
  );
}

/** Controls that answer the press itself rather than its click: tabs switch on mouse-down, a menu opens on pointer-down. */
function PressControls({ markReady = false }: { markReady?: boolean }) {
  useEffect(() => {
    if (markReady) document.documentElement.dataset.appReady = "true";
  }, [markReady]);
  return (
    <div>
      <Tabs.Root defaultValue="login">
        <Tabs.List aria-label="Account">
          <Tabs.Trigger value="login">Log in</Tabs.Trigger>
          <Tabs.Trigger value="signup">Sign up</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login">Log in form</Tabs.Content>
        <Tabs.Content value="signup">Sign up form</Tabs.Content>
      </Tabs.Root>
      <button
        type="button"
        onPointerDown={(event) => {
          seen.push(`menu ${event.pointerType}`);
          // As a menu does when it opens: the browser then sends no mouse-down.
          event.preventDefault();
        }}
        onMouseDown={() => seen.push("menu mouse-down")}
        onClick={() => seen.push("menu click")}
      >
        More
      </button>
    </div>
  );
}

/** As the app's AppReady: marks the page ready once React has committed the root, whatever its parts still wait for. */
function Ready() {
  useEffect(() => {
    document.documentElement.dataset.appReady = "true";
  }, []);
  return null;
}

/** In the browser, waits for `gate` (a part of the island whose code or data is still coming); on the server, renders at once. */
function Later({ gate }: { gate: Promise<void> | null }) {
  if (gate) use(gate);
  return <p>Rates</p>;
}

/**
 * The call form in an island beside a part that holds the island's takeover back. React renders
 * the form first (marking its elements with their fibers), then sets that render aside when
 * the other part suspends: the root is committed and the page ready, the island not yet.
 */
function IslandPage({ gate }: { gate: Promise<void> | null }) {
  return (
    <>
      <Island name="call">
        <CallForm />
        <Later gate={gate} />
      </Island>
      {gate ? <Ready /> : null}
    </>
  );
}

/** As a signed-in customer's home: the call form in no island, in the page's own boundary (the app shell's), beside a part still coming. */
function BoundaryPage({ gate }: { gate: Promise<void> | null }) {
  return (
    <>
      <CommittedBoundary fallback={<p>Loading</p>}>
        <CallForm />
        <Later gate={gate} />
      </CommittedBoundary>
      {gate ? <Ready /> : null}
    </>
  );
}

/** A person typing: the browser changes the field, then tells the page. */
function typeInto(field: HTMLInputElement, text: string) {
  field.value = text;
  fireEvent.input(field);
}

describe("input before the app has taken over", () => {
  let container: HTMLElement;
  let root: Root | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    container?.remove();
    delete document.documentElement.dataset.appReady;
    seen = [];
  });

  function serverPage() {
    container = document.body.appendChild(document.createElement("div"));
    // As the page's own root, which the app renders into.
    container.id = "root";
    container.innerHTML = renderToString(<CallForm />);
    captureEarlyInput(window);
  }

  async function appTakesOver() {
    await act(async () => {
      root = hydrateRoot(container, <CallForm markReady />);
    });
  }

  it("gives the typed number to the app and makes the press once it runs", async () => {
    serverPage();
    typeInto(screen.getByLabelText("Number"), "+44 20 7946 0958");
    fireEvent.click(screen.getByRole("button", { name: "Start call" }));
    // Nothing answers yet; the press is held, not lost.
    expect(seen).toEqual([]);
    await appTakesOver();
    await waitFor(() => expect(seen).toEqual(["call +44 20 7946 0958"]));
    expect((screen.getByLabelText("Number") as HTMLInputElement).value).toBe("+44 20 7946 0958");
  });

  it("makes a held press again as a pointer makes one, so a tab or a menu that answers the press itself answers it", async () => {
    container = document.body.appendChild(document.createElement("div"));
    container.id = "root";
    container.innerHTML = renderToString(<PressControls />);
    captureEarlyInput(window);
    fireEvent.click(screen.getByRole("tab", { name: "Sign up" }));
    fireEvent.click(screen.getByRole("button", { name: "More" }));
    await act(async () => {
      root = hydrateRoot(container, <PressControls markReady />);
    });
    await waitFor(() => expect(screen.getByRole("tab", { name: "Sign up" }).getAttribute("aria-selected")).toBe("true"));
    expect(screen.getByRole("tabpanel").textContent).toBe("Sign up form");
    // Pointer-down, then the click; no mouse-down after a pointer-down the page prevented, as in a browser.
    await waitFor(() => expect(seen).toEqual(["menu mouse", "menu click"]));
  });

  it("holds a form's submission back from the browser and submits it through the app, with the box ticked", async () => {
    serverPage();
    typeInto(screen.getByLabelText("Number"), "123");
    fireEvent.click(screen.getByLabelText("Agree"));
    const send = screen.getByRole("button", { name: "Send" });
    // The browser's own submission (a page load to this address) is prevented.
    expect(fireEvent.click(send)).toBe(false);
    await appTakesOver();
    await waitFor(() => expect(seen).toEqual(["submit 123 true"]));
    expect((screen.getByLabelText("Agree") as HTMLInputElement).checked).toBe(true);
  });

  it("keeps the last text of a field typed into several times, and replays presses in their order", async () => {
    serverPage();
    const field = screen.getByLabelText("Number") as HTMLInputElement;
    typeInto(field, "1");
    fireEvent.click(screen.getByRole("button", { name: "Start call" }));
    typeInto(field, "12");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await appTakesOver();
    // The field's final text is given back before the presses: both see it.
    await waitFor(() => expect(seen).toEqual(["call 12", "submit 12 false"]));
  });

  it("replays a key pressed on a part of the page that answers keys, once, and leaves a field's keys and a button's Enter to the browser", async () => {
    serverPage();
    const questions = screen.getByRole("button", { name: "Questions" });
    fireEvent.keyDown(questions, { key: "ArrowDown", code: "ArrowDown" });
    // Enter on a button is a click to the browser, kept as a press; Tab and a shortcut are the browser's own.
    fireEvent.keyDown(questions, { key: "Enter", code: "Enter" });
    fireEvent.keyDown(questions, { key: "Tab", code: "Tab" });
    fireEvent.keyDown(questions, { key: "r", code: "KeyR", ctrlKey: true });
    fireEvent.keyDown(screen.getByLabelText("Number"), { key: "ArrowLeft", code: "ArrowLeft" });
    fireEvent.keyDown(questions, { key: "End", code: "End", shiftKey: true });
    expect(seen).toEqual([]);
    await appTakesOver();
    await waitFor(() => expect(seen).toEqual(["key ArrowDown", "key End shift"]));
    // Nothing is replayed twice.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual(["key ArrowDown", "key End shift"]);
  });

  it("sends keys pressed one after another where the first moved focus, as they would have gone had the app run", async () => {
    serverPage();
    const first = screen.getByRole("button", { name: "First" });
    first.focus();
    // Before the app runs focus stays put: both keys land on the first button.
    fireEvent.keyDown(first, { key: "ArrowDown", code: "ArrowDown" });
    fireEvent.keyDown(first, { key: "ArrowDown", code: "ArrowDown" });
    await appTakesOver();
    await waitFor(() => expect(seen).toEqual(["second ArrowDown"]));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Second" }));
  });

  it("leaves a key pressed with nothing focused to the browser (it scrolls the page), and does not hold the presses after it", async () => {
    serverPage();
    // Focus on <body>: the key scrolls the page; no part of the app will ever take it.
    fireEvent.keyDown(document.body, { key: "PageDown", code: "PageDown" });
    fireEvent.click(screen.getByRole("button", { name: "Start call" }));
    await appTakesOver();
    // Replayed at once, not after waiting out a takeover that never comes.
    await waitFor(() => expect(seen).toEqual(["call "]), { timeout: 2000 });
  });

  /**
   * The page typed into (`number`) and pressed before the app runs; the app then takes it over but for a part
   * beside the form still coming, which holds the form's boundary back. Returns what lets that part in.
   */
  async function heldBackPage(Page: typeof BoundaryPage, number: string): Promise<() => void> {
    container = document.body.appendChild(document.createElement("div"));
    container.id = "root";
    container.innerHTML = renderToString(<Page gate={null} />);
    captureEarlyInput(window);
    typeInto(screen.getByLabelText("Number"), number);
    fireEvent.click(screen.getByRole("button", { name: "Start call" }));
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    await act(async () => {
      root = hydrateRoot(container, <Page gate={gate} />);
    });
    return open;
  }

  it.each([
    { part: "the island they are in", Page: IslandPage, number: "+44 20 7946 0958" },
    { part: "the page's own boundary, outside any island (a customer's home)", Page: BoundaryPage, number: "2025550123" },
  ])("waits to give the text back and make the press until React has committed $part, not only rendered it", async ({ Page, number }) => {
    const open = await heldBackPage(Page, number);
    // The page is ready and the form's elements carry React's fibers, but the part is not committed.
    expect(document.documentElement.dataset.appReady).toBe("true");
    expect(Object.keys(screen.getByLabelText("Number")).some((key) => key.startsWith("__reactFiber$"))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual([]);

    await act(async () => open());
    await waitFor(() => expect(seen).toEqual([`call ${number}`]), { timeout: 2000 });
    expect((screen.getByLabelText("Number") as HTMLInputElement).value).toBe(number);
  });

  it("keeps waiting for a boundary that takes longer than a slow phone's usual takeover, and then the press sees the text", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      const open = await heldBackPage(BoundaryPage, "2025550123");
      // Half a minute on a phone still fetching the part's code: nothing is made on a part React would not hear.
      await act(async () => vi.advanceTimersByTimeAsync(30_000));
      expect(seen).toEqual([]);
      await act(async () => open());
      await act(async () => vi.advanceTimersByTimeAsync(1_000));
      expect(seen).toEqual(["call 2025550123"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("gives back what was typed again after the app started but before the part was taken over, which React did not hear", async () => {
    const open = await heldBackPage(BoundaryPage, "2025550");
    // Still the server's part: React drops this, and the field shows the longer number.
    typeInto(screen.getByLabelText("Number"), "2025550123");
    await act(async () => open());
    await waitFor(() => expect(seen).toEqual(["call 2025550123"]), { timeout: 2000 });
  });

  it("drops a press on a part still not taken over two minutes after the app started: nothing would hear it", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      const open = await heldBackPage(BoundaryPage, "2025550123");
      // Every click on the page, heard before React's root (which stops one on a part it cannot hydrate; a form's button would still post the form).
      const reached = vi.fn();
      window.addEventListener("click", reached, true);
      await act(async () => vi.advanceTimersByTimeAsync(121_000));
      await act(async () => open());
      await act(async () => vi.advanceTimersByTimeAsync(1_000));
      window.removeEventListener("click", reached, true);
      expect(reached).not.toHaveBeenCalled();
      expect(seen).toEqual([]);
      // The part runs now, and answers a press of its own.
      fireEvent.click(screen.getByRole("button", { name: "Start call" }));
      expect(seen).toEqual(["call "]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("leaves the app alone once it runs", async () => {
    serverPage();
    await appTakesOver();
    await waitFor(() => expect(document.documentElement.dataset.appReady).toBe("true"));
    fireEvent.click(screen.getByRole("button", { name: "Start call" }));
    expect(seen).toEqual(["call "]);
  });
});
