import { useTranslation } from "../../lib/i18n/use-translation";
import { Card } from "../../components/ui/card";
import { ltrText } from "../../components/ui/ltr";
import { dialingExample } from "./dialing-example";

/** How to call a country: the dial code, what to type after it, and an example number. */
export function DialingGuide({ code, dialCode, name }: { code: string; dialCode: string; name: string }) {
  const { t } = useTranslation();
  const example = dialingExample(code, dialCode);
  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">{t("country_page.how_to_dial")}</h2>
      <ol className="mt-4 list-decimal space-y-2 ps-5 text-slate-700 marker:font-semibold marker:text-brand-700">
        <li>{t("country_page.dial_step_country", { country: name, dialCode: ltrText(dialCode) })}</li>
        <li>{t("country_page.dial_step_number", { dialCode: ltrText(dialCode) })}</li>
        <li>{t("country_page.dial_step_call")}</li>
      </ol>
      {example ? (
        <div className="mt-5 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <p className="text-sm font-medium text-slate-800">{t("country_page.example_heading")}</p>
          <p dir="ltr" className="mt-2 flex flex-wrap items-center justify-start gap-1.5 font-mono text-lg rtl:justify-end">
            <span className="rounded-md bg-brand-100 px-2 py-0.5 text-brand-900">{dialCode}</span>
            <span className="rounded-md bg-white px-2 py-0.5 text-slate-900 ring-1 ring-slate-200">{example.afterDialCode}</span>
          </p>
          <dl className="mt-3 grid gap-1 text-sm text-slate-600 sm:grid-cols-[auto_1fr] sm:gap-x-3">
            <dt>{t("country_page.example_international")}</dt>
            <dd dir="ltr" className="font-mono text-slate-900 rtl:text-end">
              {example.international}
            </dd>
            <dt>{t("country_page.example_national")}</dt>
            <dd dir="ltr" className="font-mono text-slate-900 rtl:text-end">
              {example.national}
            </dd>
          </dl>
        </div>
      ) : null}
    </Card>
  );
}
