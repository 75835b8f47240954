import { useTranslation } from "../../lib/i18n/use-translation";
import { useAuth } from "../../lib/auth/use-auth";
import { usePageTitle } from "../../lib/use-page-title";
import { CustomerSupport } from "./customer-support";
import { SUPPORT_PREFIXES } from "./support-strings";
import { VisitorSupport } from "./visitor-support";

/**
 * /{lang}/support: a visitor gets the ways to reach us and the contact form, a signed-in
 * customer their conversation with the support team (spec: Public and Signed-in customer).
 */
export function SupportPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  usePageTitle(t("support.title"));
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t("support.title")}</h1>
      <p className="mt-3 max-w-2xl text-lg text-slate-600">{t("support.subtitle")}</p>
      <div className="mt-8">
        {/* While the session is being checked the visitor's view shows (as on the home page): it is what the server renders. */}
        {auth.status === "authenticated" ? <CustomerSupport /> : <VisitorSupport />}
      </div>
    </main>
  );
}

export default SupportPage;

/** The strings this page waits for (app/page-routes.tsx). */
export const pageStrings = SUPPORT_PREFIXES;
