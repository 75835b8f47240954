import { Menu } from "lucide-react";
import { useTranslation } from "../../../lib/i18n/use-translation";
import { useOnDemandPopup } from "../../../components/ui/on-demand-popup";
import type { AuthState } from "../../../lib/auth/use-auth";
import { onDemand } from "../../../lib/on-demand";
import { UnreadBadge } from "./unread-badge";

/** The menu's dialog: fetched when the button is first hovered, focused or pressed, not with the page. */
const mobileMenuPanel = onDemand(() => import("./mobile-menu-panel"));

/** The menu button on small screens; it opens the slide-out menu (mobile-menu-panel.tsx). */
export function MobileMenu({ auth, onRates, onSignOut, unread }: { auth: AuthState; onRates: () => void; onSignOut: () => void; unread: number }) {
  const { t } = useTranslation();
  const popup = useOnDemandPopup(mobileMenuPanel);
  return (
    <>
      <button {...popup.trigger} className="relative inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden">
        <Menu aria-hidden="true" className="size-6" />
        <span className="sr-only">{t("nav.menu")}</span>
        <UnreadBadge count={unread} className="absolute -end-1 -top-1" />
      </button>
      {popup.module ? (
        <popup.module.MobileMenuPanel open={popup.open} onOpenChange={popup.setOpen} content={popup.content} auth={auth} onRates={onRates} onSignOut={onSignOut} unread={unread} />
      ) : null}
    </>
  );
}
