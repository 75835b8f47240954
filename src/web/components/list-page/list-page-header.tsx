import { CsvLink } from "./csv-link";

/** A list page's heading: its title and what it lists, with the CSV export of what the filters show beside them. */
export function ListPageHeader({ title, subtitle, csvHref }: { title: string; subtitle: string; csvHref: string }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
      </div>
      <CsvLink href={csvHref} />
    </header>
  );
}
