import type { FastifyInstance } from "fastify";
import { ADMIN_PAGE_PATHS, CUSTOMER_PAGE_PATHS } from "../../../shared/site/page-paths";
import type { PublishedPosts } from "../blog/published-posts";
import type { RatesCatalog } from "../rates/catalog";
import type { RatesSnapshot } from "../rates/snapshot";
import { buildRobots, buildSitemap } from "./sitemap";

/** Crawlers may keep these an hour; a rates change that adds a country shows up within it. */
const CRAWLER_CACHE = "public, max-age=3600";

/** /robots.txt and /sitemap.xml, for search engines. GET and HEAD (Fastify adds HEAD for each GET). */
export function registerCrawlerRoutes(app: FastifyInstance, options: { publicUrl: string; rates: RatesCatalog; publishedPosts: PublishedPosts }): void {
  // A path with a part (users/:userId) is already disallowed by its first segment's line.
  const robots = buildRobots(options.publicUrl, [...CUSTOMER_PAGE_PATHS, ...ADMIN_PAGE_PATHS].filter((page) => !page.includes(":")));
  // The sitemap lists the countries of one rates snapshot and one load of the published posts: built again only when either changes.
  let sitemap: { snapshot: RatesSnapshot; posts: number; xml: string } | null = null;

  // Declared public like every route anyone may call (the access matrix holds every route to its declaration).
  app.get("/robots.txt", { config: { access: "public" } }, async (_request, reply) => reply.type("text/plain; charset=utf-8").header("cache-control", CRAWLER_CACHE).send(robots));

  app.get("/sitemap.xml", { config: { access: "public" } }, async (_request, reply) => {
    const snapshot = options.rates.current();
    const posts = options.publishedPosts.version();
    if (sitemap?.snapshot !== snapshot || sitemap.posts !== posts) {
      sitemap = { snapshot, posts, xml: buildSitemap(options.publicUrl, [...snapshot.prices.keys()].sort(), options.publishedPosts.list()) };
    }
    return reply.type("application/xml; charset=utf-8").header("cache-control", CRAWLER_CACHE).send(sitemap.xml);
  });
}
