import { act, render, screen } from "@testing-library/react";
import { renderToString } from "preact-render-to-string";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { HydrationSlice, hydrateInSlices } from "./hydration-slices";

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {name} {count}
    </button>
  );
}

function Page() {
  return (
    <main>
      <Counter name="top" />
      <HydrationSlice>
        <Counter name="first" />
        <p>between</p>
      </HydrationSlice>
      <HydrationSlice>
        <Counter name="second" />
      </HydrationSlice>
    </main>
  );
}

describe("hydration in slices", () => {
  let container: HTMLElement;
  afterEach(() => container?.remove());

  it("takes over the page first, then each slice in a later task, keeping the server's DOM throughout", async () => {
    container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(<Page />);
    const serverHtml = container.innerHTML;
    const first = screen.getByRole("button", { name: "first 0" });
    const second = screen.getByRole("button", { name: "second 0" });

    let done = false;
    const hydrated = hydrateInSlices(() => hydrateRoot(container, <Page />)).then(() => (done = true));
    // Taken over at once: outside any slice.
    act(() => screen.getByRole("button", { name: "top 0" }).click());
    expect(screen.getByRole("button", { name: "top 1" })).toBeTruthy();
    // The slices still show the server's DOM, not yet answering.
    expect(done).toBe(false);
    first.click();
    expect(first.textContent).toBe("first 0");

    await hydrated;
    // The same elements, now the app's: nothing was rendered twice.
    expect(screen.getByRole("button", { name: "first 0" })).toBe(first);
    expect(screen.getByRole("button", { name: "second 0" })).toBe(second);
    expect(screen.getAllByText("between")).toHaveLength(1);
    expect(container.querySelectorAll("button")).toHaveLength(3);
    act(() => first.click());
    act(() => second.click());
    expect(first.textContent).toBe("first 1");
    expect(second.textContent).toBe("second 1");
    expect(container.innerHTML.replace("top 1", "top 0").replace("first 1", "first 0").replace("second 1", "second 0")).toBe(serverHtml);
  });

  it("is just its children where the browser renders the page itself", () => {
    render(<Page />);
    const first = screen.getByRole("button", { name: "first 0" });
    act(() => first.click());
    expect(first.textContent).toBe("first 1");
  });
});
