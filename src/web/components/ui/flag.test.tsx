import { render } from "@testing-library/react";
import { FLAG_BASE } from "virtual:flags";
import { describe, expect, it } from "vitest";
import { Flag } from "./flag";

describe("Flag", () => {
  it("is a sized, decorative image of the country's SVG file when the name is beside it", () => {
    const { container } = render(<Flag code="gb" />);
    const img = container.querySelector("img");
    expect(img?.getAttribute("src")).toBe(`${FLAG_BASE}GB.svg`);
    expect(FLAG_BASE).toMatch(/^\/assets\/flags-[0-9a-f]{10}\/$/);
    expect(img?.getAttribute("width")).toBe("24");
    expect(img?.getAttribute("height")).toBe("16");
    expect(img?.getAttribute("alt")).toBe("");
    expect(img?.getAttribute("aria-hidden")).toBe("true");
    // Eager by default: a flag in the first screen should not wait.
    expect(img?.hasAttribute("loading")).toBe(false);
    expect(img?.hasAttribute("decoding")).toBe(false);
  });

  it("names the country when it stands alone, and loads lazily below the fold", () => {
    const { container } = render(<Flag code="SE" size="sm" label="Sweden" lazy />);
    const img = container.querySelector("img");
    expect(img?.getAttribute("alt")).toBe("Sweden");
    expect(img?.hasAttribute("aria-hidden")).toBe(false);
    expect([img?.getAttribute("width"), img?.getAttribute("height")]).toEqual(["18", "12"]);
    expect(img?.getAttribute("loading")).toBe("lazy");
    expect(img?.getAttribute("decoding")).toBe("async");
  });

  it("keeps the space, empty, for a code without a flag", () => {
    const { container } = render(<Flag code="ZZ" size="lg" />);
    expect(container.querySelector("img")).toBeNull();
    const placeholder = container.querySelector("span");
    expect(placeholder?.getAttribute("aria-hidden")).toBe("true");
    expect([placeholder?.style.width, placeholder?.style.height]).toEqual(["36px", "24px"]);
  });
});
