import { Printer } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Button } from "../../components/ui/button";
import { ltrText } from "../../components/ui/ltr";
import { PageSpinner } from "../../components/ui/spinner";
import { useLocale } from "../../lib/use-locale";
import { usePageTitle } from "../../lib/use-page-title";
import { useSupportEmail } from "../../lib/site-info";
import { useLegalStrings } from "./content-strings";
import { LEGAL_LAST_UPDATED, LEGAL_SECTIONS, legalIntroKey, legalTitleKey, type LegalDocument } from "./legal-sections";
import { LegalToc } from "./legal-toc";

/**
 * A legal document: title, last-updated date, contents, then its numbered sections.
 * Lines are kept to a readable measure, and printing leaves out the site's chrome
 * and the Print button (print: classes; the site's header and footer hide themselves in print).
 */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation();
  const ready = useLegalStrings();
  const locale = useLocale();
  const { email, settled } = useSupportEmail();
  usePageTitle(ready ? t(legalTitleKey(document)) : undefined);

  // The address is part of the text; wait for it rather than show "{{email}}" or reflow later.
  if (!ready || !settled) return <PageSpinner />;
  const contact = email ? ltrText(email) : t("legal.support_team");
  const sections = LEGAL_SECTIONS[document];
  const updated = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${LEGAL_LAST_UPDATED}T00:00:00Z`));

  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14 print:max-w-none print:p-0">
      <article className="text-slate-800">
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t(legalTitleKey(document))}</h1>
          <p className="mt-2 text-sm text-slate-500">
            <time dateTime={LEGAL_LAST_UPDATED}>{t("legal.last_updated", { date: updated })}</time>
          </p>
          <p className="mt-5 max-w-prose text-lg leading-relaxed text-slate-700">{t(legalIntroKey(document))}</p>
          <Button variant="secondary" size="sm" className="mt-5 print:hidden" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            {t("legal.print")}
          </Button>
        </header>

        <LegalToc sections={sections} />

        <div className="mt-10 space-y-10">
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id} className="max-w-prose">
                <h2 id={section.id} tabIndex={-1} className="scroll-mt-24 text-xl font-semibold text-slate-900">
                  <span className="me-2 tabular-nums text-slate-500">{index + 1}.</span>
                  {t(section.titleKey)}
                </h2>
                {section.paragraphKeys.map((key) => (
                  <p key={key} className="mt-3 leading-relaxed">
                    {t(key, { email: contact })}
                  </p>
                ))}
                {section.contact && email ? (
                  <p className="mt-3">
                    <a href={`mailto:${email}`} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                      {t("legal.contact_link", { email: ltrText(email) })}
                    </a>
                  </p>
                ) : null}
            </section>
          ))}
        </div>
      </article>
    </main>
  );
}
