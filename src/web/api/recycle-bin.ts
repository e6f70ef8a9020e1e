import { RECYCLE_BIN_PATH, type RecycleBinRestored } from "../../contracts/recycle-bin.ts";
import { UNDO_WINDOW_DAYS } from "../../contracts/common.ts";
import { apiRequest } from "./client";

export type { RecycleBinEntry, Recycled, RecycleBinRestored } from "../../contracts/recycle-bin.ts";
export { RECYCLE_BIN_PATH } from "../../contracts/recycle-bin.ts";

/** What a deletion's toast says under its title, beside its Undo. */
export const IN_THE_BIN = `It stays in the recycle bin for ${UNDO_WINDOW_DAYS} days.`;

/** Entries a page of the recycle bin shows. */
export const RECYCLE_BIN_PAGE_SIZE = 20;

export function recycleBinPageUrl(limit: number, offset: number): string {
  return `${RECYCLE_BIN_PATH}?limit=${limit}&offset=${offset}`;
}

/** Puts a deleted note, contact or list back: what a delete toast's Undo and the bin's Restore do. */
export function restoreFromRecycleBin(entryId: number): Promise<RecycleBinRestored> {
  return apiRequest<RecycleBinRestored>("POST", `${RECYCLE_BIN_PATH}/${entryId}/restore`);
}
