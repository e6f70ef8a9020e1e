import { eq } from "drizzle-orm";
import type { Actor } from "../changes/actor.ts";
import { announceChange } from "../changes/change-feed.ts";
import type { CrmDatabase } from "../database/open.ts";
import { importColumnMaps } from "../database/schema.ts";
import { inTransaction } from "../database/transaction.ts";
import { ORDER_COLUMN_FIELDS, trimHeader, type ColumnMap } from "./order-columns.ts";

/**
 * The column maps staff imported with, remembered per header: the next file whose header is the same,
 * cell for cell, gets the same map. Kept for everybody rather than per user: a header is the shape of
 * what one source system exports, so the colleague who uploads next month's HubSpot export wants the map
 * the first one chose, and a correction made once serves all.
 */

/** SHA-256 of the header's cells, trimmed, in order: a header with a column more or less is another header. */
export function headerSignature(headers: string[]): string {
  return new Bun.CryptoHasher("sha256").update(JSON.stringify(headers.map(trimHeader))).digest("hex");
}

/** The map last imported with for this header, if any. */
export function rememberedColumnMap(db: CrmDatabase, headers: string[]): ColumnMap | undefined {
  const row = db.select({ columnMap: importColumnMaps.columnMap }).from(importColumnMaps).where(eq(importColumnMaps.headerSignature, headerSignature(headers))).get();
  return row === undefined ? undefined : (JSON.parse(row.columnMap) as ColumnMap);
}

/** Keeps `columnMap` for the next file of this header; a new or changed map is a setting changed, in the audit trail. */
export function rememberColumnMap(db: CrmDatabase, headers: string[], columnMap: ColumnMap, actor: Actor): void {
  const ordered = inDialogOrder(columnMap);
  inTransaction(db, () => {
    const before = rememberedColumnMap(db, headers);
    if (before !== undefined && JSON.stringify(inDialogOrder(before)) === JSON.stringify(ordered)) return;
    const at = new Date();
    const value = { columnMap: JSON.stringify(ordered), updatedAt: at, updatedBy: actor.userId };
    db.insert(importColumnMaps)
      .values({ headerSignature: headerSignature(headers), ...value })
      .onConflictDoUpdate({ target: importColumnMaps.headerSignature, set: value })
      .run();
    const changes = ORDER_COLUMN_FIELDS.flatMap(({ column, label }) => {
      const [old, now] = [before?.[column] ?? null, ordered[column] ?? null];
      return old === now ? [] : [{ field: `importColumnMap.${label}`, old, new: now }];
    });
    announceChange(db, { type: "setting_changed", setting: "import column map", changes, actor, at });
  });
}

/** The map with its columns in the dialog's order and blank choices left out, so that equal maps store equal text. */
function inDialogOrder(columnMap: ColumnMap): ColumnMap {
  const ordered: ColumnMap = {};
  for (const { column } of ORDER_COLUMN_FIELDS) {
    const header = columnMap[column]?.trim();
    if (header) ordered[column] = header;
  }
  return ordered;
}
