import { useTranslation } from "../../../lib/i18n/use-translation";
import { Link, NavLink } from "react-router";
import { buttonVariants } from "../../../components/ui/button";
import { signOutEverywhere } from "../../../features/accounts/sign-out";
import { useAuth } from "../../../lib/auth/use-auth";
import { cn } from "../../../lib/cn";
import { useLocale } from "../../../lib/use-locale";
import { HeaderBalance } from "./header-balance";
import { LanguagePicker } from "./language-picker";
import { MobileMenu } from "./mobile-menu";
import { MoreMenu } from "./more-menu";
import { adminMore, adminPrimary, customerMore, customerPrimary, SUPPORT_PATH, supportLink, type NavItem } from "./nav-items";
import { useRatesLink } from "./use-rates-link";
import { useSupportLink } from "./use-support-link";
import { useSupportUnread } from "../../../lib/support-unread";
import { hasPage } from "../../page-routes";
import { PAGE_WIDTH } from "../../../components/ui/page-width";

const LINK = "inline-flex h-10 items-center rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:text-brand-800";

/** The fixed top bar in its three variants: visitor, customer, admin (no brand mark, admin links only). */
export function SiteHeader() {
  const { t } = useTranslation();
  const locale = useLocale();
  const auth = useAuth();
  const onRates = useRatesLink();
  const onSupport = useSupportLink();
  const customer = auth.status === "authenticated" && !auth.isAdmin;
  const unread = useSupportUnread(customer);
  const signOut = () => void signOutEverywhere(locale);
  const links = (items: NavItem[]) =>
    items.map((item) => (
      <NavLink key={item.key} to={`/${locale}/${item.path}`} className={LINK} onClick={item.path === SUPPORT_PATH ? onSupport : undefined}>
        {t(item.key)}
      </NavLink>
    ));

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <div className={cn(PAGE_WIDTH, "flex h-full items-center gap-2")}>
        {auth.isAdmin ? (
          // The spec: admins see no brand mark, and their logo opens the support inbox.
          hasPage("admin-support") ? (
            <Link to={`/${locale}/admin-support`} className="shrink-0 rounded-lg p-1 hover:bg-slate-100" data-testid="admin-logo">
              <img src="/favicon.svg" alt={t("nav.admin.support")} className="size-8" />
            </Link>
          ) : null
        ) : (
          <Link to={`/${locale}`} className="me-auto flex items-center gap-2 text-lg font-bold text-brand-800">
            <img src="/favicon.svg" alt="" className="size-8" />
            {t("brand.name")}
          </Link>
        )}
        <nav aria-label={t("nav.main")} className={cn("hidden items-center gap-1 md:flex", auth.isAdmin && "me-auto")}>
          {auth.isAdmin ? (
            <>
              {links(adminPrimary())}
              <MoreMenu items={adminMore()} />
            </>
          ) : null}
          {customer ? (
            <>
              {links(customerPrimary())}
              <MoreMenu items={customerMore()} onRates={onRates} unread={unread} />
            </>
          ) : null}
          {auth.status === "unauthenticated" ? (
            <>
              <button type="button" className={LINK} onClick={onRates}>
                {t("nav.rates")}
              </button>
              {links(supportLink())}
            </>
          ) : null}
        </nav>
        {auth.status === "authenticated" && !auth.isAdmin ? <HeaderBalance /> : null}
        <LanguagePicker className="hidden md:inline-flex" />
        {auth.status === "unauthenticated" ? (
          <Link to={`/${locale}/auth`} className={buttonVariants({ size: "sm", className: "hidden sm:inline-flex" })}>
            {t("nav.sign_in")}
          </Link>
        ) : null}
        {auth.status === "authenticated" ? (
          <button type="button" onClick={signOut} className={cn(LINK, "hidden text-red-700 md:inline-flex")}>
            {t("nav.sign_out")}
          </button>
        ) : null}
        <MobileMenu auth={auth} onRates={onRates} onSignOut={signOut} unread={unread} />
      </div>
    </header>
  );
}
