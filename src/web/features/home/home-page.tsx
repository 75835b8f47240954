import { useTranslation } from "react-i18next";
import { HydrationSlice } from "../../lib/hydration-slices";
import { usePageTitle } from "../../lib/use-page-title";
import { useAuth } from "../accounts/use-auth";
import { CallSection } from "../calls/call-section";
import { FAQ_PREFIXES } from "../content/content-strings";
import { RATES_PREFIXES } from "../rates/rates-strings";
import { PriceSimulator } from "../rates/price-simulator";
import { BalanceCard } from "./balance-card";
import { CallToAction } from "./call-to-action";
import { ComparisonSection } from "./comparison-section";
import { FaqPreview } from "./faq-preview";
import { FeaturesSection } from "./features-section";
import { HeroSection } from "./hero-section";
import { HowItWorks } from "./how-it-works";
import { TestimonialsSection } from "./testimonials-section";
import { TrustIndicator } from "./trust-indicator";

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
      {/* Each part taken over in a task of its own, top to bottom (decision 021). */}
      <HydrationSlice>
        <HeroSection />
      </HydrationSlice>
      <HydrationSlice>
        <CallSection showHeading />
      </HydrationSlice>
      <HydrationSlice>
        <TrustIndicator />
        <HowItWorks />
        <FeaturesSection />
        <TestimonialsSection />
        <CallToAction />
      </HydrationSlice>
      <HydrationSlice>
        <ComparisonSection />
      </HydrationSlice>
      <HydrationSlice>
        <PriceSimulator />
      </HydrationSlice>
      <HydrationSlice>
        <FaqPreview />
      </HydrationSlice>
    </main>
  );
}

export default HomePage;

/** The strings this page waits for (app/page-routes.tsx): the simulator's, the comparison's and the FAQ preview's, so that no section grows after the page shows (the header's Rates link scrolls to the simulator). */
export const pageStrings = [...RATES_PREFIXES, ...FAQ_PREFIXES];
