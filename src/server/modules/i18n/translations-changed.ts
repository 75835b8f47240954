/** The bus topic an admin's change to the translations goes out on: every instance forgets its strings at once. */
export const TRANSLATIONS_CHANGED_TOPIC = "translations.changed";
