import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { BLOG_COVER_MAX_BYTES } from "../../../shared/api/blog";
import type { Executor } from "../../db/client";
import { blogCovers } from "../../db/schema/blog";
import { AppError } from "../../http/app-error";

/** The image types a cover may be, told by the file's first bytes (never its name or declared type). */
const SIGNATURES: { extension: "png" | "jpg" | "webp"; type: string; matches: (bytes: Buffer) => boolean }[] = [
  { extension: "png", type: "image/png", matches: (bytes) => bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { extension: "jpg", type: "image/jpeg", matches: (bytes) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff },
  {
    extension: "webp",
    type: "image/webp",
    matches: (bytes) => bytes.length >= 12 && bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

/** A name we give out: the content hash and the type's extension. Anything else is never looked up. */
const STORED_NAME = /^[0-9a-f]{32}\.(?:png|jpg|webp)$/;

export interface Cover {
  /** "<content hash>.<ext>", served at /uploads/blog/<name>. */
  name: string;
  type: string;
  bytes: Buffer;
}

export function imageTypeOf(bytes: Buffer): (typeof SIGNATURES)[number] | null {
  return SIGNATURES.find((signature) => signature.matches(bytes)) ?? null;
}

/** The cover these bytes make, named by their content; refused unless they are a PNG, JPEG or WebP image of at most 2 MB. */
export function coverOf(bytes: Buffer): Cover {
  if (bytes.length === 0) throw new AppError(400, "blog_cover_empty", "The upload holds no image");
  if (bytes.length > BLOG_COVER_MAX_BYTES) throw new AppError(413, "payload_too_large", "A cover is at most 2 MB");
  const kind = imageTypeOf(bytes);
  if (!kind) throw new AppError(415, "blog_cover_type", "A cover must be a PNG, JPEG or WebP image");
  return { name: `${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.${kind.extension}`, type: kind.type, bytes };
}

/**
 * Stores a cover's bytes in the database (every instance serves them from there). The name is the
 * content's hash, so the same image stored twice is one row and a served cover never changes.
 */
export async function saveCover(db: Executor, cover: Cover): Promise<void> {
  await db.insert(blogCovers).values({ name: cover.name, contentType: cover.type, size: cover.bytes.length, bytes: cover.bytes }).onConflictDoNothing();
}

/** Checks and stores an uploaded cover; answers its address. */
export async function storeCover(db: Executor, bytes: Buffer): Promise<string> {
  const cover = coverOf(bytes);
  await saveCover(db, cover);
  return `/uploads/blog/${cover.name}`;
}

/** A stored cover by its served name, or null when the name is not one we give out or no cover has it. */
export async function readCover(db: Executor, name: string): Promise<Cover | null> {
  if (!STORED_NAME.test(name)) return null;
  const [row] = await db.select({ type: blogCovers.contentType, bytes: blogCovers.bytes }).from(blogCovers).where(eq(blogCovers.name, name));
  return row ? { name, type: row.type, bytes: row.bytes } : null;
}
