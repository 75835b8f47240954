import type { TestProject } from "vitest/node";
import { buildDatabaseTemplates, type DatabaseTemplates } from "./database-template";

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Once per run of the server tests: the database every test file clones (database-template.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, remove } = await buildDatabaseTemplates(process.env.TEST_DATABASE_URL);
  project.provide("databaseTemplates", templates);
  return remove;
}
