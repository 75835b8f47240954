/** The words every list page shares (data/translations/<lang>/list.json): each list page waits for them beside its own. */
export const LIST_PREFIX = "list.";
