import { t } from "./type-builder.ts";
import { IsoTime, oneOf, pageQuery } from "./common.ts";

/**
 * The recycle bin: deleted notes, contacts and custom lists, kept for UNDO_WINDOW_DAYS, then purged.
 * Every signed-in member of staff sees every entry (every account is open to all of them); a note is
 * restored by its author or an administrator, as it is deleted.
 *   GET  /api/recycle-bin               a page of entries, newest first (RecycleBinQuery → RecycleBinEntry[], X-Total-Count)
 *   POST /api/recycle-bin/{id}/restore  put the record back, with its own id (→ RecycleBinRestored); 409 when it cannot go back
 * Deleting answers the entry's id (Recycled), which is what an Undo restores.
 */
export const RECYCLE_BIN_PATH = "/api/recycle-bin";

export const RECYCLED_KINDS = ["note", "contact", "list"] as const;
export type RecycledKind = (typeof RECYCLED_KINDS)[number];

export const RecycleBinQuery = t.Object(pageQuery());
export type RecycleBinQuery = typeof RecycleBinQuery.static;

export const RecycleBinEntry = t.Object({
  id: t.Integer(),
  kind: oneOf("kind", RECYCLED_KINDS),
  label: t.String({ description: "A note's first words, a contact's name, a list's name" }),
  accountId: t.Union([t.Integer(), t.Null()], { description: "A note's or contact's account; null for a list" }),
  accountName: t.Union([t.String(), t.Null()], { description: "Null for a list, or when the account is gone (then it cannot be restored)" }),
  deletedAt: IsoTime,
  deletedByName: t.String(),
  purgedAt: IsoTime,
  canRestore: t.Boolean({ description: "Whether the signed-in user may restore it: a note's author or an administrator; anyone for the rest" }),
});
export type RecycleBinEntry = typeof RecycleBinEntry.static;

export const RecycleBinList = t.Array(RecycleBinEntry);

/** A deletion's answer: what to tell staff, and the bin entry an Undo restores. */
export const Recycled = t.Object({
  message: t.String({ description: "Such as 'Note deleted. It is in the recycle bin for 30 days.'" }),
  recycleBinId: t.Integer(),
});
export type Recycled = typeof Recycled.static;

export const RecycleBinRestored = t.Object({
  message: t.String({ description: "Such as 'Note restored'" }),
  kind: oneOf("kind", RECYCLED_KINDS),
  accountId: t.Union([t.Integer(), t.Null()]),
});
export type RecycleBinRestored = typeof RecycleBinRestored.static;
