import { ChevronDown } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../../lib/use-locale";
import { customerMore } from "./nav-items";

const CLOSE_DELAY_MS = 1000;
const ITEM = "block w-full cursor-pointer rounded-md px-3 py-2 text-start text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100";

/** The customer's More menu: opens on hover (or click/keyboard) and closes 1 s after the pointer leaves. */
export function MoreMenu({ onRates }: { onRates: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const keepOpen = () => {
    window.clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const closeSoon = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), CLOSE_DELAY_MS);
  };
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger
        onPointerEnter={keepOpen}
        onPointerLeave={closeSoon}
        className="inline-flex h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
      >
        {t("nav.more")}
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          onPointerEnter={keepOpen}
          onPointerLeave={closeSoon}
          className="z-50 min-w-48 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          {customerMore().map((item) => (
            <DropdownMenu.Item key={item.key} asChild className={ITEM}>
              <Link to={`/${locale}/${item.path}`}>{t(item.key)}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Item className={ITEM} onSelect={onRates}>
            {t("nav.rates")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
