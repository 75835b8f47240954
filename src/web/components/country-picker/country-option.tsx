import { Flag } from "../ui/flag";
import { Ltr } from "../ui/ltr";
import type { RatedCountry } from "../../lib/rates/rated-countries";

/** Flag, name and dial code on one line; the dial code stays "+44" in right-to-left text. */
export function CountryOption({ country, name }: { country: RatedCountry; name: string }) {
  return (
    <span className="flex min-w-0 flex-1 items-center gap-2">
      <Flag code={country.code} lazy />
      <span className="truncate">{name}</span>
      <Ltr className="ms-auto shrink-0 text-sm tabular-nums text-slate-500">{country.dialCode}</Ltr>
    </span>
  );
}
