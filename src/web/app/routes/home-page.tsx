import { useTranslation } from "../../lib/i18n/use-translation";
import { Island } from "../../lib/islands";
import { usePageTitle } from "../../lib/use-page-title";
import { useAuth } from "../../lib/auth/use-auth";
import { CallSection } from "../../features/calls/call-section";
import { FAQ_PREFIXES } from "../../features/content/content-strings";
import { RATES_PREFIXES } from "../../lib/rates/rates-strings";
import { PriceSimulator } from "../../features/rates/price-simulator";
import { BalanceCard } from "../../features/home/balance-card";
import { CallToAction } from "../../features/home/call-to-action";
import { ComparisonSection } from "../../features/home/comparison-section";
import { FaqPreview } from "../../features/content/faq-preview";
import { FeaturesSection } from "../../features/home/features-section";
import { HeroSection } from "../../features/home/hero-section";
import { HowItWorks } from "../../features/home/how-it-works";
import { TestimonialsSection } from "../../features/home/testimonials-section";
import { TrustIndicator } from "../../features/home/trust-indicator";

/**
 * The landing page in the spec's two views. A customer gets the tools (balance,
 * dialler, prices); a visitor also gets what helps them decide. The footer is the
 * shell's. While the session is being checked the visitor's view shows.
 */
export function HomePage() {
  const { t } = useTranslation();
  const signedIn = useAuth().status === "authenticated";
  // Back on the home page from another, the tab says so (on arrival the server's head has named it).
  usePageTitle(t("hero.title"));
  if (signedIn) {
    return (
      <main id="main">
        <BalanceCard />
        <CallSection showHeading={false} />
        <TrustIndicator />
        <PriceSimulator />
      </main>
    );
  }
  return (
    <main id="main">
      {/* Each part taken over on its own; the parts nobody types or clicks in wait until they are needed (decision 034). */}
      <Island name="hero" deferred>
        <HeroSection />
      </Island>
      <Island name="call">
        <CallSection showHeading />
      </Island>
      <Island name="about" deferred>
        <TrustIndicator />
        <HowItWorks />
        <FeaturesSection />
        <TestimonialsSection />
        <CallToAction />
      </Island>
      <Island name="comparison" deferred>
        <ComparisonSection />
      </Island>
      <Island name="simulator">
        <PriceSimulator />
      </Island>
      <Island name="faq">
        <FaqPreview />
      </Island>
    </main>
  );
}

export default HomePage;

/** The strings this page waits for (app/page-routes.tsx): the simulator's, the comparison's and the FAQ preview's, so that no section grows after the page shows (the header's Rates link scrolls to the simulator). */
export const pageStrings = [...RATES_PREFIXES, ...FAQ_PREFIXES];
