import { BookOpen, CircleHelp, Mail } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { Link } from "react-router";
import { Card } from "../../components/ui/card";
import { Ltr } from "../../components/ui/ltr";
import { useSupportEmail } from "../../lib/site-info";
import { localePath, useLocale } from "../../lib/use-locale";
import { TicketForm } from "./ticket-form";

/** For visitors: where to write, where answers may already be, and the contact form. */
export function VisitorSupport() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { email } = useSupportEmail();
  const LINK = "inline-flex items-center gap-2 font-medium text-brand-700 underline-offset-4 hover:underline";
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
      <Card className="space-y-5 self-start">
        <h2 className="text-xl font-semibold text-slate-900">{t("support.reach.heading")}</h2>
        <p className="text-slate-600">{t("support.reach.intro")}</p>
        <ul className="space-y-3">
          {email ? (
            <li>
              <a href={`mailto:${email}`} className={LINK}>
                <Mail aria-hidden="true" className="size-5 shrink-0" />
                <span>
                  {t("support.reach.email")} <Ltr>{email}</Ltr>
                </span>
              </a>
            </li>
          ) : null}
          <li>
            <Link to={localePath(locale, "/faq")} className={LINK}>
              <CircleHelp aria-hidden="true" className="size-5 shrink-0" />
              {t("support.reach.faq")}
            </Link>
          </li>
          <li>
            <Link to={localePath(locale, "/blogs-guides")} className={LINK}>
              <BookOpen aria-hidden="true" className="size-5 shrink-0" />
              {t("support.reach.guides")}
            </Link>
          </li>
        </ul>
        <p className="text-sm text-slate-500">{t("support.reach.customers_note")}</p>
      </Card>
      <Card className="space-y-4">
        <div>
          <h2 id="support-form-heading" className="text-xl font-semibold text-slate-900">
            {t("support.form.heading")}
          </h2>
          <p className="mt-1 text-slate-600">{t("support.form.intro")}</p>
        </div>
        <TicketForm />
      </Card>
    </div>
  );
}
