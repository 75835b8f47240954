import { useEffect, useState } from "react";
import { withNumberReader } from "./load-number-reader";

/**
 * A number grouped as history shows it ("+44 20 7946 0958"), through the phone library the
 * call section fetches on first use; the number as given until it has arrived (or when it
 * cannot be fetched).
 */
export function useFormattedNumber(number: string | null): string | null {
  const [formatted, setFormatted] = useState<{ number: string; text: string } | null>(null);
  useEffect(() => {
    if (!number) return;
    let current = true;
    withNumberReader((reader) => {
      if (current && reader) setFormatted({ number, text: reader.formatPhoneNumber(number) });
    });
    return () => {
      current = false;
    };
  }, [number]);
  return formatted?.number === number ? formatted.text : number;
}
