import { countrySlugToCode } from "../../shared/countries/countries";
import { isLocaleSegment } from "../../shared/i18n/locales";
import { ADMIN_PAGE_PATHS, CUSTOMER_PAGE_PATHS, isPrivatePage, PUBLIC_PAGE_PATHS, UNPREFIXED_PATHS } from "../../shared/site/page-paths";

const PAGE_PATHS = new Set<string>([...PUBLIC_PAGE_PATHS, ...CUSTOMER_PAGE_PATHS, ...ADMIN_PAGE_PATHS]);
const UNPREFIXED = new Set<string>(UNPREFIXED_PATHS);
const COUNTRY = /^country\/([a-z0-9-]+)$/;
const BLOG_POST = /^blog\/([^/]+)$/;

/**
 * Whether a page address names a page the web app has: 200, or 404 so the web app's
 * "page not found" goes out with a status crawlers believe. The web app still renders
 * it either way. Country pages exist for countries we sell calls to (`isCountry`), blog
 * posts for slugs published in some language (`isPublishedPost`; other languages show the English one).
 */
export function pageStatus(pathname: string, isCountry: (isoCode: string) => boolean, isPublishedPost: (slug: string) => boolean = () => false): 200 | 404 {
  const segments = pathname.replace(/^\/+|\/+$/g, "").split("/");
  const [first = "", ...rest] = segments;
  if (segments.length === 1 && UNPREFIXED.has(first)) return 200;
  if (!isLocaleSegment(first)) return 404;
  const page = rest.join("/");
  if (PAGE_PATHS.has(page) || isPrivatePage(page)) return 200;
  const country = COUNTRY.exec(page);
  if (country?.[1] !== undefined) {
    const code = countrySlugToCode(country[1]);
    return code !== null && isCountry(code) ? 200 : 404;
  }
  const post = BLOG_POST.exec(page);
  if (post?.[1] !== undefined) return isPublishedPost(post[1]) ? 200 : 404;
  return 404;
}
