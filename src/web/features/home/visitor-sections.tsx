import { PriceSimulator } from "../rates/price-simulator";
import { CallToAction } from "./call-to-action";
import { ComparisonSection } from "./comparison-section";
import { FaqPreview } from "./faq-preview";
import { FeaturesSection } from "./features-section";
import { HowItWorks } from "./how-it-works";
import { TestimonialsSection } from "./testimonials-section";

/**
 * The part of a visitor's home below the call section: what helps them decide. Its own
 * chunk (home-page.tsx loads it lazily), so the first screen's code is all a phone must
 * fetch and run before the top of the page answers; the server still renders it whole.
 */
export default function VisitorSections() {
  return (
    <>
      <HowItWorks />
      <FeaturesSection />
      <TestimonialsSection />
      <CallToAction />
      <ComparisonSection />
      <PriceSimulator />
      <FaqPreview />
    </>
  );
}
