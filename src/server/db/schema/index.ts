// The whole schema, as drizzle-kit and the query builder see it.
export * from "./auth";
export * from "./events";
export * from "./i18n";
export * from "./meta";
