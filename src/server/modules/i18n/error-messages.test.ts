import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../../shared/api/errors";
import { SEED_DIR } from "../../app";
import { readLanguageStrings } from "./translation-files";

// The web shows errors.<code> for an API error; the completeness test then asks every language for it.
describe("error messages", () => {
  it("has an English message for every error code the API answers with", () => {
    const english = readLanguageStrings(path.join(SEED_DIR, "translations"), "en");
    expect(ERROR_CODES.filter((code) => !english[`errors.${code}`])).toEqual([]);
  });
});
