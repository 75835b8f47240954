import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useTranslation } from "../../../lib/i18n/use-translation";
import type { OnDemandPopupProps } from "../../../components/ui/on-demand-popup";
import { Link } from "react-router";
import { buttonVariants } from "../../../components/ui/button";
import type { AuthState } from "../../../lib/auth/use-auth";
import { useLocale } from "../../../lib/use-locale";
import { LanguagePicker } from "./language-picker";
import { adminLinks, customerMore, customerPrimary, SUPPORT_PATH, visitorMenu, type NavItem } from "./nav-items";
import { UnreadBadge } from "./unread-badge";
import { useSupportLink } from "./use-support-link";

const LINK = "block rounded-lg px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100";

/**
 * The slide-out menu on small screens, mirroring the desktop header of each kind of
 * person. Its own chunk, with the dialog code, fetched when the menu button is first
 * hovered, focused or pressed (mobile-menu.tsx renders the button).
 */
export function MobileMenuPanel({
  open,
  onOpenChange,
  content,
  auth,
  onRates,
  onSignOut,
  unread,
}: OnDemandPopupProps & {
  auth: AuthState;
  onRates: () => void;
  onSignOut: () => void;
  unread: number;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const onSupport = useSupportLink();
  const close = () => onOpenChange(false);
  const links = (items: NavItem[]) =>
    items.map((item) => (
      <li key={item.key}>
        <Link
          to={`/${locale}/${item.path}`}
          className={LINK}
          onClick={(event) => {
            if (item.path === SUPPORT_PATH) onSupport(event);
            close();
          }}
        >
          {t(item.key)}
          {item.path === SUPPORT_PATH ? <UnreadBadge count={unread} className="ms-2" /> : null}
        </Link>
      </li>
    ));
  const ratesItem = (
    <li>
      <button
        type="button"
        className={`${LINK} w-full text-start`}
        onClick={() => {
          close();
          onRates();
        }}
      >
        {t("nav.rates")}
      </button>
    </li>
  );

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <DialogPrimitive.Content
          {...content}
          aria-describedby={undefined}
          className="fixed inset-y-0 end-0 z-50 flex w-[min(20rem,85vw)] flex-col overflow-y-auto bg-white p-4 shadow-xl"
        >
          <div className="mb-4 flex items-center justify-between">
            <DialogPrimitive.Title className="text-lg font-semibold">{t("nav.menu")}</DialogPrimitive.Title>
            <DialogPrimitive.Close className="inline-flex size-10 items-center justify-center rounded-lg hover:bg-slate-100">
              <X aria-hidden="true" className="size-6" />
              <span className="sr-only">{t("common.close")}</span>
            </DialogPrimitive.Close>
          </div>
          <nav aria-label={t("nav.menu")} className="flex-1">
            <ul className="space-y-1">
              {auth.isAdmin ? links(adminLinks()) : null}
              {auth.status === "authenticated" && !auth.isAdmin ? (
                <>
                  {links(customerPrimary())}
                  {links(customerMore())}
                  {ratesItem}
                </>
              ) : null}
              {auth.status !== "authenticated" ? (
                <>
                  <li className="pb-2">
                    <Link to={`/${locale}/signup`} className={buttonVariants({ className: "w-full" })} onClick={close}>
                      {t("nav.sign_up_cta")}
                    </Link>
                  </li>
                  {ratesItem}
                  {links(visitorMenu())}
                  <li>
                    <Link to={`/${locale}/auth`} className={LINK} onClick={close}>
                      {t("nav.sign_in")}
                    </Link>
                  </li>
                </>
              ) : null}
            </ul>
          </nav>
          <div className="mt-4 flex items-center justify-between border-t border-slate-200 pt-4">
            <LanguagePicker onChosen={close} />
            {auth.status === "authenticated" ? (
              <button type="button" className="rounded-lg px-3 py-2 font-medium text-red-700 hover:bg-red-50" onClick={onSignOut}>
                {t("nav.sign_out")}
              </button>
            ) : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
