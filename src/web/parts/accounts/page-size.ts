import { ACCOUNT_PAGE_SIZES, DEFAULT_ACCOUNT_PAGE_SIZE, type AccountPageSize } from "../../api/accounts";

/**
 * Where a user's page size is kept. In the browser rather than on the server: it is a preference of how
 * one person reads the table, not data anyone else needs, and keyed by user so that colleagues sharing a
 * computer each keep their own.
 */
export function pageSizeStorageKey(userId: number): string {
  return `accountsPageSize:${userId}`;
}

/** The size a user chose, or the default when they chose none (or something since withdrawn). */
export function storedPageSize(storage: Pick<Storage, "getItem">, userId: number | null): AccountPageSize {
  const stored = userId === null ? null : Number(storage.getItem(pageSizeStorageKey(userId)));
  return ACCOUNT_PAGE_SIZES.find((size) => size === stored) ?? DEFAULT_ACCOUNT_PAGE_SIZE;
}

/** The page that still shows the first row on screen after the page size changes, so nobody loses their place. */
export function pageKeepingFirstRow(page: number, oldSize: number, newSize: number): number {
  return Math.floor(((page - 1) * oldSize) / newSize) + 1;
}
