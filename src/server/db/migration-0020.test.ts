import { rmSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { accountImageRule } from "../auth/account-image";
import { migrationsFolder } from "./client";
import { migrationsFolderBefore } from "../test/migrations-before";

describe("migration 0020: pictures stored before the picture rule are removed where the rule refuses them", () => {
  const before = migrationsFolderBefore("0020_account_image_rule");
  afterAll(() => rmSync(before, { recursive: true, force: true }));

  it("keeps https addresses as the parser writes them and removes everything else", async () => {
    // Each picture as an account from before the rule could hold it, and whether it stays.
    const pictures: [string, string | null, boolean][] = [
      ["google", "https://lh3.googleusercontent.com/a/ACg8ocK_x-Y=s96-c", true],
      ["query", "https://cdn.example.com/me.png?size=96&v=2#top", true],
      ["port", "https://img.example.com:8443/p/1.jpg", true],
      ["none", null, true],
      ["huge", `https://img.example.com/${"a".repeat(90_000)}`, false],
      ["script", "javascript:alert(1)", false],
      ["plain-http", "http://img.example.com/me.png", false],
      ["markup", "https://img.example.com/\"><script>alert(1)</script>", false],
      ["credentials", "https://user:secret@img.example.com/me.png", false],
      ["no-slashes", "https:evil.example", false],
      ["no-path", "https://img.example.com", false],
      ["upper-host", "https://IMG.example.com/me.png", false],
      ["space", "https://img.example.com/my picture.png", false],
      ["bidi", "https://img.example.com/\u202Egnp.exe", false],
      ["text", "a picture of me", false],
    ];
    const client = new PGlite();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: before });
      for (const [id, image] of pictures) {
        await client.query(`insert into "user" (id, name, email, email_verified, image) values ($1, $1, $1 || '@example.com', true, $2)`, [id, image]);
      }
      await migrate(db, { migrationsFolder });
      const { rows } = await client.query<{ id: string; image: string | null }>(`select id, image from "user"`);
      const after = new Map(rows.map((row) => [row.id, row.image]));
      expect(Object.fromEntries(pictures.map(([id]) => [id, after.get(id)]))).toEqual(
        Object.fromEntries(pictures.map(([id, image, stays]) => [id, stays ? image : null])),
      );
      // Whatever stays is a picture the rule would take today.
      for (const image of after.values()) {
        if (image !== null) expect(accountImageRule("/update-user", { image }), image).toBeUndefined();
      }
    } finally {
      await client.close();
    }
  });
});
