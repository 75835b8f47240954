import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCountryName } from "./country-names";
import { stubRatesApi } from "../../test/rates.fixtures";
import { renderAt } from "../../test/render-with-app";

function Names() {
  const nameOf = useCountryName();
  return <p data-testid="names">{["JM", "GB", "XK", "ZZ"].map(nameOf).join(" | ")}</p>;
}

describe("useCountryName", () => {
  beforeEach(() => stubRatesApi());
  afterEach(() => vi.unstubAllGlobals());

  it("names countries in English, falling back to the code", async () => {
    renderAt(<Names />, { path: "/en/x" });
    expect((await screen.findByTestId("names")).textContent).toBe("Jamaica | United Kingdom | Kosovo | ZZ");
  });

  it("names them in the current language", async () => {
    renderAt(<Names />, { path: "/ar/x" });
    expect((await screen.findByTestId("names")).textContent).toBe("جامايكا | المملكة المتحدة | كوسوفو | ZZ");
  });
});
