import { describe, expect, it } from "vitest";
import type { EmailMessage } from "./email";
import { outboxNotice } from "./outbox-notice";

const message: EmailMessage = {
  to: "a@example.com",
  subject: "Reset your password",
  text: "…",
  html: "…",
  kind: "reset_password",
};
const links = ["http://localhost:3000/reset?token=1", "http://localhost:3000/en/help"];

describe("the local outbox's notice", () => {
  it("is a framed block with one greppable [mail] line per link", () => {
    expect(outboxNotice(message, links).split("\n")).toEqual([
      `┌─ ✉ Mail kept in the local outbox (not sent) ${"─".repeat(27)}`,
      "│ To a@example.com: Reset your password",
      "│ [mail] reset_password to a@example.com: http://localhost:3000/reset?token=1",
      "│ [mail] reset_password to a@example.com: http://localhost:3000/en/help",
      `└${"─".repeat(72)}`,
    ]);
  });

  it("colours the frame and the links for a terminal, and nothing else changes", () => {
    const coloured = outboxNotice(message, links, { color: true });
    expect(coloured).toContain("\u001b[36mhttp://localhost:3000/reset?token=1\u001b[39m");
    // eslint-disable-next-line no-control-regex -- removing the colour codes is the point.
    expect(coloured.replace(/\u001b\[\d+m/g, "")).toBe(outboxNotice(message, links));
  });

  it("is one JSON log line in production", () => {
    const text = outboxNotice(message, links, { json: true });
    expect(text).not.toContain("\n");
    expect(JSON.parse(text)).toEqual({
      level: 30,
      time: expect.any(Number),
      msg: "mail kept in the local outbox (not sent)",
      kind: "reset_password",
      to: "a@example.com",
      subject: "Reset your password",
      links,
    });
  });
});
