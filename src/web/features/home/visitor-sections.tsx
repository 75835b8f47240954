import { PriceSimulator } from "../rates/price-simulator";
import { CallToAction } from "./call-to-action";
import { ComparisonSection } from "./comparison-section";
import { FaqPreview } from "./faq-preview";
import { FeaturesSection } from "./features-section";
import { HowItWorks } from "./how-it-works";
import { TestimonialsSection } from "./testimonials-section";

/**
 * The part of a visitor's home below the call section: what helps them decide. In the
 * home page's chunk, not a lazy one: a tap on a part React had not yet taken over (its
 * code still loading) would be lost.
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
