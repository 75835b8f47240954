import { useTranslation } from "../../lib/i18n/use-translation";
import type { LegalSection } from "./legal-sections";

/**
 * The document's contents as in-page links. A link moves focus to its heading too,
 * so keyboard and screen-reader users continue reading from there.
 */
export function LegalToc({ sections }: { sections: LegalSection[] }) {
  const { t } = useTranslation();
  const go = (event: React.MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true });
    window.history.replaceState(window.history.state, "", `#${id}`);
  };
  return (
    <nav aria-labelledby="legal-contents" className="mt-8 rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200 print:bg-white print:ring-0">
      <h2 id="legal-contents" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
        {t("legal.contents")}
      </h2>
      <ol className="mt-3 gap-x-6 text-sm sm:columns-2">
        {sections.map((section, index) => (
          <li key={section.id} className="flex break-inside-avoid gap-2 py-0.5">
            <span className="w-6 shrink-0 tabular-nums text-slate-500">{index + 1}.</span>
            <a href={`#${section.id}`} onClick={(event) => go(event, section.id)} className="text-brand-700 hover:underline">
              {t(section.titleKey)}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
