import { useRef, useState, type ClipboardEvent } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Ltr } from "../../components/ui/ltr";
import type { RatedCountry } from "../../lib/rates/rated-countries";
import { callingCodeDraft, clampLocalDigits, internationalDigits, splitInternational } from "./dial-input";
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

/**
 * The number after the dial code: digits only, at most 15 minus the dial code's digits. A "+number" typed key by
 * key, pasted or inserted at once (autofill) names its own country, the same way whichever it was.
 */
export function PhoneInput({ id, country, countries, value, onChange, onInternational, disabled }: PhoneInputProps) {
  const { t } = useTranslation();
  const dialCode = country?.dialCode ?? "+";
  // A "+" and the start of a calling code ("+4"), shown until the code is whole: the digits are no national number.
  // Kept with the country it was typed over, and shown only while nothing else filled the field.
  const [draft, setDraft] = useState<{ text: string; code: string | undefined } | null>(null);
  const shownDraft = draft && value === "" && draft.code === country?.code ? draft.text : null;
  // The country a "+number" chose: the digits typed after it still read as one number with its code, so a
  // Jamaican or Canadian number typed after "+1" moves to its country once whole, as it does when pasted.
  const chosen = useRef<string | null>(null);

  // Whether the text is a full number is known at once; which of the countries sharing
  // its code it belongs to (+1876 is Jamaica's) needs the phone library, fetched on first use.
  const take = (text: string): boolean => {
    const digits = internationalDigits(text, countries);
    if (digits === null) return false;
    withNumberReader((reader) => {
      const international = splitInternational(digits, countries, reader);
      if (!international) return;
      chosen.current = international.country.code;
      onInternational(international.country, international.local);
    });
    return true;
  };

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    if (take(event.clipboardData.getData("text"))) {
      event.preventDefault();
      setDraft(null);
    }
  };

  const change = (text: string) => {
    if (/^\s*(\+|＋|00)/.test(text) && take(text)) {
      setDraft(null);
      return;
    }
    const typing = callingCodeDraft(text, countries);
    setDraft(typing === null ? null : { text: typing, code: country?.code });
    const local = typing === null ? clampLocalDigits(dialCode, text) : "";
    onChange(local);
    // An emptied field starts a new number; a space after "+1" does not.
    if (text.trim() === "") chosen.current = null;
    else if (local !== "" && country && chosen.current === country.code) take(`+${country.callingCode}${local}`);
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
        // No maxLength: it would count a "+number" inserted at once against the national digits' limit and cut
        // it before it is read; clampLocalDigits holds the digits to the limit instead.
        value={shownDraft ?? value}
        disabled={disabled}
        placeholder={t("call_section.enter_phone_number")}
        onPaste={paste}
        onFocus={() => void loadNumberReader()}
        onChange={(event) => change(event.target.value)}
        className="h-full min-w-0 flex-1 bg-transparent px-3 text-lg tracking-wide text-slate-900 tabular-nums placeholder:text-base placeholder:tracking-normal placeholder:text-slate-400 focus:outline-none disabled:cursor-not-allowed"
      />
    </div>
  );
}
