import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { BLOG_SLUG_PATTERN } from "../../../shared/api/blog";
import { isLocale, type Locale } from "../../../shared/i18n/locales";
import type { Executor } from "../../db/client";
import { blogPosts } from "../../db/schema/blog";
import type { Seeder } from "../../db/seed";
import { newPostId } from "./admin-service";

export interface ShippedGuide {
  slug: string;
  language: Locale;
  title: string;
  excerpt: string;
  body: string;
  /** Guides ship in date order; the date orders the blog's list. */
  publishedAt: Date;
}

/**
 * Reads data/blog/<slug>/<language>.md: a header of `title:`, `excerpt:` and `date:`
 * lines between `---` lines, then the Markdown body.
 */
export function readShippedGuides(folder: string): ShippedGuide[] {
  const guides: ShippedGuide[] = [];
  for (const slug of readdirSync(folder).sort()) {
    if (!BLOG_SLUG_PATTERN.test(slug)) throw new Error(`${path.join(folder, slug)}: not a valid slug`);
    for (const file of readdirSync(path.join(folder, slug)).sort()) {
      const language = file.replace(/\.md$/, "");
      if (!isLocale(language)) throw new Error(`${path.join(folder, slug, file)}: not <language>.md`);
      const text = readFileSync(path.join(folder, slug, file), "utf8");
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (!match?.[1] || match[2] === undefined) throw new Error(`${path.join(folder, slug, file)}: no --- header`);
      const header = Object.fromEntries(match[1].split("\n").map((line) => [line.slice(0, line.indexOf(":")).trim(), line.slice(line.indexOf(":") + 1).trim()]));
      const { title, excerpt, date } = header as Record<string, string | undefined>;
      if (!title || !excerpt || !date || Number.isNaN(Date.parse(date))) throw new Error(`${path.join(folder, slug, file)}: title, excerpt and date are required`);
      guides.push({ slug, language, title, excerpt, body: match[2].trim() + "\n", publishedAt: new Date(`${date}T09:00:00Z`) });
    }
  }
  return guides;
}

/**
 * Publishes the guides shipped in data/blog. A new release updates the wording of a
 * shipped guide no admin has edited (updated_by is null); an admin's edit is kept.
 */
export function blogGuidesSeeder(seedDir: string): Seeder {
  const folder = path.join(seedDir, "blog");
  const guides = readShippedGuides(folder);
  const hash = createHash("sha256");
  for (const guide of guides) hash.update(JSON.stringify(guide));
  return {
    name: "blog_guides",
    label: "the guides",
    version: hash.digest("hex").slice(0, 16),
    async run(db: Executor) {
      for (const guide of guides) {
        await db
          .insert(blogPosts)
          .values({ id: newPostId(), ...guide, status: "published", createdAt: guide.publishedAt, updatedAt: guide.publishedAt })
          .onConflictDoUpdate({
            target: [blogPosts.language, blogPosts.slug],
            set: { title: sql`excluded.title`, excerpt: sql`excluded.excerpt`, body: sql`excluded.body` },
            setWhere: sql`${blogPosts.updatedBy} is null`,
          });
      }
    },
  };
}
