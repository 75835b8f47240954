import type { ClipboardEvent } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Ltr } from "../../components/ui/ltr";
import { maxLocalDigits } from "../../../shared/phone/dial-digits";
import type { RatedCountry } from "../../lib/rates/rated-countries";
import { clampLocalDigits, internationalDigits, splitInternational } from "./dial-input";
import { loadNumberReader, withNumberReader } from "./load-number-reader";

export interface PhoneInputProps {
  id: string;
  country: RatedCountry | null;
  countries: readonly RatedCountry[];
  value: string;
  onChange: (local: string) => void;
  /** A full "+number" was pasted or typed: it names its own country. */
  onInternational: (country: RatedCountry, local: string) => void;
  disabled?: boolean;
}

/** The number after the dial code: digits only, at most 15 minus the dial code's digits. */
export function PhoneInput({ id, country, countries, value, onChange, onInternational, disabled }: PhoneInputProps) {
  const { t } = useTranslation();
  const dialCode = country?.dialCode ?? "+";

  // Whether the text is a full number is known at once; which of the countries sharing
  // its code it belongs to (+1876 is Jamaica's) needs the phone library, fetched on first use.
  const take = (text: string): boolean => {
    const digits = internationalDigits(text, countries);
    if (digits === null) return false;
    withNumberReader((reader) => {
      const international = splitInternational(digits, countries, reader);
      if (international) onInternational(international.country, international.local);
    });
    return true;
  };

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (take(event.clipboardData.getData("text"))) event.preventDefault();
  };

  return (
    <div dir="ltr" className="flex h-12 w-full items-center overflow-hidden rounded-lg border border-slate-300 bg-white focus-within:border-brand-600 focus-within:outline-2 focus-within:outline-brand-600/40">
      <Ltr className="flex h-full items-center border-e border-slate-200 bg-slate-50 px-3 text-lg tabular-nums text-slate-600">{dialCode}</Ltr>
      <input
        id={id}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        dir="ltr"
        value={value}
        disabled={disabled}
        maxLength={maxLocalDigits(dialCode)}
        placeholder={t("call_section.enter_phone_number")}
        onPaste={paste}
        onFocus={() => void loadNumberReader()}
        onChange={(event) => {
          const text = event.target.value;
          if (/^\s*(\+|＋|00)/.test(text) && take(text)) return;
          onChange(clampLocalDigits(dialCode, text));
        }}
        className="h-full min-w-0 flex-1 bg-transparent px-3 text-lg tracking-wide text-slate-900 tabular-nums placeholder:text-base placeholder:tracking-normal placeholder:text-slate-400 focus:outline-none disabled:cursor-not-allowed"
      />
    </div>
  );
}
