import { Download } from "lucide-react";
import { useTranslation } from "../../lib/i18n/use-translation";
import { buttonVariants } from "../ui/button";

/** The list's CSV export of what the filters show; a plain link, so the browser downloads it with the session cookie. */
export function CsvLink({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <a href={href} download className={buttonVariants({ variant: "secondary" })}>
      <Download aria-hidden="true" className="size-4" />
      {t("list.export_csv")}
    </a>
  );
}
