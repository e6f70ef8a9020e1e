/**
 * The keys of the lists every installation has, in the order every screen shows them. Kept free of
 * imports so that the dashboard shares them with the server.
 */
export const BUILT_IN_LIST_KEYS = ["new", "active", "legacy"] as const;
export type BuiltInListKey = (typeof BUILT_IN_LIST_KEYS)[number];

/**
 * What staff choose, in any list select, to hand an account back to the activity rules. Never a list's
 * key: custom lists' keys are made so as to avoid it.
 */
export const AUTOMATIC_LIST_CHOICE = "automatic";
