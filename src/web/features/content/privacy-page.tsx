import { LegalPage } from "./legal-page";

/** /{lang}/privacy: the privacy policy. */
export default function PrivacyPage() {
  return <LegalPage document="privacy" />;
}
