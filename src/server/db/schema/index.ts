// The whole schema, as drizzle-kit and the query builder see it.
export * from "./audit";
export * from "./auth";
export * from "./calls";
export * from "./credits";
export * from "./events";
export * from "./i18n";
export * from "./local-carrier";
export * from "./mail";
export * from "./meta";
export * from "./rates";
export * from "./settings";
export * from "./throttle";
export * from "./webhooks";
export * from "./payments";
export * from "./discounts";
export * from "./refunds";
export * from "./blog";
