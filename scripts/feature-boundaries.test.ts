import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The project's own config, so the test fails if the rule is switched off or its files pattern stops matching.
// Type information is not needed by this rule; leaving it out keeps the test from building two TypeScript programs.
const eslint = new ESLint({
  overrideConfig: { languageOptions: { parserOptions: { project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === "dialwise/feature-boundaries",
});

/** The boundary problems ESLint finds in `code` as if it were the file at `filePath`. */
async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.ruleId ?? "fatal"}: ${message.message}`);
}

const BUY = "src/web/features/buy/talk-time.tsx";

describe("feature boundaries", () => {
  it("refuses a feature importing another feature's file, however the path is spelt", async () => {
    for (const code of [
      `import { CallSection } from "../calls/call-section";`,
      `import { CallSection } from "../../features/calls/call-section";`,
      `export { CallSection } from "../calls/call-section";`,
      `export * from "../calls/call-section";`,
      `export const load = () => import("../calls/call-section");`,
      `export type Section = typeof import("../calls/call-section").CallSection;`,
    ]) {
      expect(await problems(BUY, code), code).toEqual([
        "dialwise/feature-boundaries: features/buy imports from features/calls: features import only lib/, components/, app/, shared/ and themselves; move what both use to src/web/lib or src/web/components.",
      ]);
    }
  });

  it("refuses it in a feature's tests too", async () => {
    expect(await problems("src/web/features/home/comparison-section.test.tsx", `import { renderAt } from "../rates/country-page";`)).toHaveLength(1);
  });

  it("lets a feature import itself, the shared layers and packages", async () => {
    const code = [
      `import { quote } from "./quote-summary";`,
      `import { apiErrorMessage } from "../../lib/api-error-message";`,
      `import { Button } from "../../components/ui/button";`,
      `import { createQueryClient } from "../../app/providers";`,
      `import { parseMoney } from "../../../shared/money";`,
      `import { useQuery } from "@tanstack/react-query";`,
    ].join("\n");
    expect(await problems(BUY, code)).toEqual([]);
  });

  it("lets app/ compose features", async () => {
    expect(await problems("src/web/app/routes/home-page.tsx", `import { CallSection } from "../../features/calls/call-section";`)).toEqual([]);
  });
});
