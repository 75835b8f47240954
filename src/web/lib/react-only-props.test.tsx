import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { dropReactOnlyProps } from "./react-only-props";

describe("props only React reads", () => {
  it("are not written to the page as attributes, and other props are", () => {
    const before = render(<section suppressHydrationWarning aria-label="Before" />);
    expect(before.container.querySelector("section")?.hasAttribute("suppresshydrationwarning")).toBe(true);
    before.unmount();

    dropReactOnlyProps();
    const { container } = render(<section suppressHydrationWarning aria-label="Notifications" tabIndex={-1} />);
    const section = container.querySelector("section");
    expect(section?.hasAttribute("suppresshydrationwarning")).toBe(false);
    expect(section?.getAttribute("aria-label")).toBe("Notifications");
    expect(section?.getAttribute("tabindex")).toBe("-1");
  });
});
