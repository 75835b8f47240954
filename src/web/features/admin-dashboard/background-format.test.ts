import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../shared/i18n/locales";
import { JOB_QUEUE_NAMES } from "../../../shared/jobs/job-queues";
import { createTranslator } from "../../lib/i18n/translator";
import { queueName } from "./background-format";

const files = import.meta.glob<Record<string, string>>("../../../../data/translations/*/*.json", { eager: true, import: "default" });

/** A translator holding one language's strings and nothing else: no English behind it to hide a gap. */
function translatorOf(language: string) {
  const translator = createTranslator(language);
  const strings = Object.entries(files)
    .filter(([file]) => file.includes(`/translations/${language}/`))
    .map(([, content]) => content);
  translator.addStrings(language, Object.assign({}, ...strings));
  return translator;
}

describe("the job queues' names", () => {
  it("covers queues the server works (the shared list it starts from)", () => {
    expect(JOB_QUEUE_NAMES.length).toBeGreaterThan(0);
    expect(JOB_QUEUE_NAMES).toContain("send-email");
  });

  it.each(LOCALES)("names every queue the server has for people in %s, not by its id", (language) => {
    const { t } = translatorOf(language);
    const names = JOB_QUEUE_NAMES.map((queue) => [queue, queueName(t, queue)] as const);
    const raw = names.filter(([queue, name]) => !name.trim() || name === queue || name.startsWith("background.queue."));
    expect(raw, `queues without a name in ${language}`).toEqual([]);
    // Two queues with one name could not be told apart in the table.
    expect(new Set(names.map(([, name]) => name)).size, `queues sharing a name in ${language}`).toBe(names.length);
  });

  it("keeps the id of a queue it does not know", () => {
    const { t } = translatorOf("en");
    expect(queueName(t, "retired-queue")).toBe("retired-queue");
  });
});
