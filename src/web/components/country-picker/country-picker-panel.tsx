import { Check } from "lucide-react";
import type { RefObject } from "react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from "../ui/command";
import { Popover, PopoverAnchor, PopoverContent } from "../ui/popover";
import { cn } from "../../lib/cn";
import { CountryOption } from "./country-option";
import type { RatedCountry } from "../../lib/rates/rated-countries";

/**
 * The country picker's open list: a searchable popover (cmdk) anchored to the picker's
 * own trigger (country-picker.tsx). Its own chunk, fetched when the picker is first
 * hovered, focused or pressed, with the popover and list code it needs.
 */
export function CountryPickerPanel({
  open,
  onOpenChange,
  anchor,
  content,
  value,
  query,
  onQuery,
  results,
  nameOf,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  anchor: RefObject<HTMLButtonElement | null>;
  /** The trigger's side of the popup (components/ui/on-demand-popup.ts): the content's id, focus back on close, the trigger's press. */
  content: { id: string; onCloseAutoFocus: (event: Event) => void; onInteractOutside: (event: Event) => void };
  value: string | null;
  query: string;
  onQuery: (query: string) => void;
  results: readonly RatedCountry[];
  nameOf: (code: string) => string;
  onChoose: (code: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchor as RefObject<HTMLButtonElement>} />
      <PopoverContent aria-label={t("country_picker.placeholder")} className="w-80 max-w-[calc(100vw-1rem)]" {...content}>
        <Command shouldFilter={false} label={t("country_picker.placeholder")} defaultValue={value ?? undefined} loop>
          <CommandInput value={query} onValueChange={onQuery} placeholder={t("country_picker.search_hint")} aria-label={t("country_picker.search_hint")} />
          <CommandList label={t("country_picker.placeholder")}>
            <CommandEmpty>{t("country_picker.empty")}</CommandEmpty>
            {results.map((country) => (
              <CommandItem key={country.code} value={country.code} onSelect={() => onChoose(country.code)}>
                <CountryOption country={country} name={nameOf(country.code)} />
                <Check aria-hidden="true" className={cn("size-4 shrink-0 text-brand-700", country.code === value ? "visible" : "invisible")} />
              </CommandItem>
            ))}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
