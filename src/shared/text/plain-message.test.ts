import { describe, expect, it } from "vitest";
import { plainMessage } from "./plain-message";

describe("a support message made plain", () => {
  it("keeps its line breaks and one empty line between paragraphs", () => {
    expect(plainMessage("Hello,\r\n\r\n\r\n\r\nmy call   dropped.\nThanks")).toBe("Hello,\n\nmy call dropped.\nThanks");
  });

  it("drops controls and bidirectional overrides inside a line", () => {
    expect(plainMessage("pay \u202egnp.exe\u202c now\u0007")).toBe("pay gnp.exe now");
  });

  it("is empty when only spaces and line breaks were written", () => {
    expect(plainMessage(" \n\t\n \u200f ")).toBe("");
  });

  it("keeps markup as the characters typed", () => {
    expect(plainMessage("<b>hi</b> & <script>")).toBe("<b>hi</b> & <script>");
  });

  it("is idempotent", () => {
    const once = plainMessage(" a \n\n\n b \r\n");
    expect(plainMessage(once)).toBe(once);
  });
});
