/**
 * Builds, once, the kinds of Intl formatter a page uses as it is taken over: a price
 * in US dollars, a sorted list of names, a country's name. The first of each loads
 * ICU's data for it, 15 to 30 ms on a laptop and four times that on a slow phone,
 * and would otherwise land inside hydration's work; built here, while the app's code
 * is still downloading, the main thread is otherwise idle and later ones are cheap.
 */
export function warmIntl(locale: string): void {
  // Numbers first and on their own: theirs is the largest load (70 to 100 ms on a slow phone), and
  // the browser gets to answer a tap in between.
  warm(() => new Intl.NumberFormat(locale, { style: "currency", currency: "USD" }).format(0));
  setTimeout(() => {
    warm(() => new Intl.Collator(locale).compare("a", "b"));
    warm(() => new Intl.DisplayNames([locale], { type: "region" }).of("US"));
  }, 0);
}

function warm(build: () => unknown): void {
  try {
    build();
  } catch {
    // An unknown locale or an Intl without this kind: the app builds its own formatters as it would anyway.
  }
}
