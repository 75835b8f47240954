import { ChevronDown } from "lucide-react";
import { Accordion } from "radix-ui";
import { useTranslation } from "../../lib/i18n/use-translation";
import { FAQ_ENTRIES, faqAnchor, faqAnswerValues, type FaqGroup } from "../../../shared/content/faq-entries";
import { directionOf } from "../../../shared/i18n/locales";
import { isolateText } from "../../components/ui/ltr";
import { useLocale } from "../../lib/use-locale";

const isolateAll = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, isolateText(value)]));

/**
 * One group's questions as an accordion (radix-ui): each question is a button in a
 * heading (Enter or Space opens it, arrow keys move between questions, in the
 * page's direction), several may be open at once. `ids` picks questions by id instead (home's
 * short FAQ), in FAQ_ENTRIES' order. On the FAQ page which are open is the page's (one may be opened
 * by the address's #fragment), shared by every group: each entry's id is in `open` or not.
 */
export function FaqAccordion(props: ({ group: FaqGroup } | { ids: readonly string[] }) & { open?: string[]; onOpenChange?: (open: string[]) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const entries = FAQ_ENTRIES.filter((faq) => ("group" in props ? faq.group === props.group : props.ids.includes(faq.id)));
  return (
    <Accordion.Root type="multiple" {...(props.open ? { value: props.open } : {})} {...(props.onOpenChange ? { onValueChange: props.onOpenChange } : {})} dir={directionOf(locale)} className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {entries.map((faq) => (
        <Accordion.Item key={faq.id} value={faq.id} id={faqAnchor(faq.id)}>
          {/* Radix renders the header as an h3, under the group's h2. */}
          <Accordion.Header>
            <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-start text-base font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600">
              {t(faq.questionKey)}
              <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180" />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 leading-relaxed text-slate-700">
            <p className="max-w-prose">{t(faq.answerKey, isolateAll(faqAnswerValues(faq.id, locale)))}</p>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
