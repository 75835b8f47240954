import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
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

const TYPE_OF_EXTENSION = new Map(SIGNATURES.map((signature) => [signature.extension, signature.type]));
const STORED_NAME = /^([0-9a-f]{32})\.(png|jpg|webp)$/;

/** Covers live in DATA_DIR/uploads/blog, named by their content's hash. */
export function coversFolder(dataDir: string): string {
  return path.join(dataDir, "uploads", "blog");
}

export function imageTypeOf(bytes: Buffer): (typeof SIGNATURES)[number] | null {
  return SIGNATURES.find((signature) => signature.matches(bytes)) ?? null;
}

/**
 * Stores an uploaded cover and answers its address. The name is the content's hash, so
 * the same image uploaded twice is one file and a served file never changes (cached for a year).
 */
export async function storeCover(folder: string, bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw new AppError(400, "blog_cover_empty", "The upload holds no image");
  const kind = imageTypeOf(bytes);
  if (!kind) throw new AppError(415, "blog_cover_type", "A cover must be a PNG, JPEG or WebP image");
  const name = `${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.${kind.extension}`;
  await mkdir(folder, { recursive: true });
  // Written aside then renamed: a reader never sees half a file.
  const partial = path.join(folder, `.${name}.${process.pid}.partial`);
  await writeFile(partial, bytes);
  await rename(partial, path.join(folder, name));
  return `/uploads/blog/${name}`;
}

/** A stored cover by its served name, or null when the name is not one we give out or the file is gone. */
export async function readCover(folder: string, name: string): Promise<{ bytes: Buffer; type: string } | null> {
  const match = STORED_NAME.exec(name);
  const extension = match?.[2] as "png" | "jpg" | "webp" | undefined;
  if (!extension) return null;
  try {
    return { bytes: await readFile(path.join(folder, name)), type: TYPE_OF_EXTENSION.get(extension) ?? "application/octet-stream" };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
