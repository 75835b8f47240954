import { LegalPage } from "./legal-page";

/** /{lang}/terms: the terms of service. */
export default function TermsPage() {
  return <LegalPage document="terms" />;
}
