import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CountryPicker } from "./country-picker";
import { stubRatesApi } from "../../test/rates.fixtures";
import { renderAt } from "../../test/render-with-app";

function Harness({ onChange }: { onChange: (code: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <CountryPicker
      aria-label="Country"
      value={value}
      onChange={(code) => {
        setValue(code);
        onChange(code);
      }}
    />
  );
}

async function openAndSearch(query: string) {
  const trigger = await screen.findByRole("combobox", { name: "Country" });
  // Disabled until the public rates are in.
  await waitFor(() => expect(trigger.hasAttribute("disabled")).toBe(false));
  fireEvent.click(trigger);
  const search = await screen.findByPlaceholderText("Country, +code or code");
  fireEvent.change(search, { target: { value: query } });
  return screen.getByRole("listbox");
}

// querySelectorAll, not role queries: the open list holds ~230 options, and role queries over them are slow in happy-dom.
const optionNames = (list: HTMLElement) => [...list.querySelectorAll('[role="option"]')].map((option) => option.textContent ?? "");

// Opening the picker renders every callable country once; on a busy machine that takes a few seconds in happy-dom.
describe("CountryPicker", { timeout: 15_000 }, () => {
  beforeEach(() => stubRatesApi());
  afterEach(() => vi.unstubAllGlobals());

  it("finds Jamaica by its area code 1876 and by name", async () => {
    renderAt(<Harness onChange={() => undefined} />);
    let list = await openAndSearch("1876");
    expect(optionNames(list)[0]).toMatch(/Jamaica.*\+1876/);
    fireEvent.change(screen.getByPlaceholderText("Country, +code or code"), { target: { value: "jam" } });
    list = screen.getByRole("listbox");
    expect(optionNames(list)[0]).toMatch(/^Jamaica\+1876$/);
    expect(within(list).getAllByRole("option")[0]?.querySelector("img")?.getAttribute("src")).toMatch(/\/JM\.svg$/);
  });

  it("finds the United Kingdom by +44 and by its code, whatever the case", async () => {
    renderAt(<Harness onChange={() => undefined} />);
    let list = await openAndSearch("+44");
    expect(optionNames(list)[0]).toContain("United Kingdom");
    for (const query of ["gb", "GB", "uk"]) {
      fireEvent.change(screen.getByPlaceholderText("Country, +code or code"), { target: { value: query } });
      list = screen.getByRole("listbox");
      expect([query, optionNames(list)[0]]).toEqual([query, expect.stringContaining("United Kingdom")]);
    }
  });

  it("says so when nothing matches", async () => {
    renderAt(<Harness onChange={() => undefined} />);
    const list = await openAndSearch("qqqq");
    expect(optionNames(list)).toEqual([]);
    expect(screen.getByText("No country found.")).toBeTruthy();
  });

  it("selects a country with the keyboard and shows it on the trigger", async () => {
    const onChange = vi.fn();
    renderAt(<Harness onChange={onChange} />);
    await openAndSearch("jamaica");
    fireEvent.keyDown(screen.getByPlaceholderText("Country, +code or code"), { key: "Enter" });
    expect(onChange).toHaveBeenCalledWith("JM");
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Country" }).textContent).toContain("Jamaica"));
  });

  it("opens as a dialog from its own trigger, toggles from it, and gives focus back to it on Escape", async () => {
    renderAt(<Harness onChange={() => undefined} />);
    const trigger = await screen.findByRole("combobox", { name: "Country" });
    await waitFor(() => expect(trigger.hasAttribute("disabled")).toBe(false));
    // Closed, the trigger is what radix's Trigger renders: a dialog popup, not expanded, no content to point at.
    expect(trigger.getAttribute("aria-haspopup")).toBe("dialog");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    expect(trigger.getAttribute("data-state")).toBe("closed");
    expect(trigger.hasAttribute("aria-controls")).toBe(false);

    fireEvent.click(trigger);
    const search = await screen.findByPlaceholderText("Country, +code or code");
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    expect(document.getElementById(trigger.getAttribute("aria-controls") ?? "")?.contains(search)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(search));

    fireEvent.keyDown(search, { key: "Escape" });
    await waitFor(() => expect(screen.queryByPlaceholderText("Country, +code or code")).toBeNull());
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute("aria-expanded")).toBe("false");

    // Pressing the trigger while the list is open closes it (not a click outside that reopens it).
    fireEvent.click(trigger);
    await screen.findByPlaceholderText("Country, +code or code");
    fireEvent.pointerDown(trigger);
    fireEvent.click(trigger);
    await waitFor(() => expect(screen.queryByPlaceholderText("Country, +code or code")).toBeNull());
  });

  it("offers only countries the service prices", async () => {
    renderAt(<Harness onChange={() => undefined} />);
    // Cuba has no row in the deck: the server does not list it, so neither does the picker.
    const list = await openAndSearch("cuba");
    expect(optionNames(list)).toEqual([]);
  });

  it("shows at most ten popular chips, sorted by name, that select a country", async () => {
    const onChange = vi.fn();
    renderAt(<Harness onChange={onChange} />);
    const group = await screen.findByRole("group", { name: "Popular countries" });
    const chips = within(group).getAllByRole("button");
    expect(chips.length).toBeLessThanOrEqual(10);
    const names = chips.map((chip) => chip.textContent?.replace(/^\S+\s*/u, "") ?? "");
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    fireEvent.click(chips[0] as HTMLElement);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(chips[0]?.getAttribute("aria-pressed")).toBe("true");
  });
});
