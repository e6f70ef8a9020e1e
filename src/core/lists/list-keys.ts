/** The lists contract declares these; they are re-exported for the modules that import them from here. */
export { AUTOMATIC_LIST_CHOICE, BUILT_IN_LIST_KEYS, type BuiltInListKey } from "../../contracts/lists.ts";
