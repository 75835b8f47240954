/** Ids of page sections that links elsewhere scroll to (kept here so the shell need not load the feature). */
export const PRICE_SIMULATOR_ID = "price-simulator";
