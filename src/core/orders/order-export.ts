import { asc, between, eq, sql } from "drizzle-orm";
import { csvDateTime, csvMoney } from "../csv/csv-writer.ts";
import { csvExport, idsInOrder, type CsvExport } from "../csv/export-batches.ts";
import type { Actor } from "../changes/actor.ts";
import { announceExport } from "../changes/change-feed.ts";
import type { CrmDatabase } from "../database/open.ts";
import { preparedOnce } from "../database/prepared.ts";
import { accounts, orders } from "../database/schema.ts";
import { firstOrderRange } from "../lists/first-order-window.ts";
import type { OrderItem } from "./incoming-order.ts";
import { ORDER_STATUS_LABELS, shownOrderNumber } from "../../contracts/orders.ts";

export const ORDER_EXPORT_COLUMNS = ["Order Number", "Store", "Account Email", "Placed At", "Status", "Counts", "Total", "Source", "Items"] as const;

/**
 * Every order placed within the New York dates given (inclusive; either end may be open) as a CSV file
 * (ORDER_EXPORT_COLUMNS), oldest first, its time on New York's clock and its items in one cell. Cancelled
 * and rejected orders are listed with Counts "no", so that a sum in a spreadsheet can leave them out as
 * every figure of the CRM does.
 */
export function exportOrders(db: CrmDatabase, placed: { from?: string; to?: string }, actor: Actor): CsvExport {
  const range = firstOrderRange(placed);
  const matching = db
    .select({ id: orders.id })
    .from(orders)
    .where(placed.from || placed.to ? between(orders.placedAt, sql`${range.from}`, sql`${range.to}`) : undefined)
    .orderBy(asc(orders.placedAt), asc(orders.id));
  const ids = idsInOrder(db, matching);
  const filter = placed.from || placed.to ? `placed ${placed.from ?? "any time"} to ${placed.to ?? "today"}` : "all orders";
  announceExport(db, { what: "orders", filter, rows: ids.length }, actor);
  return csvExport(ORDER_EXPORT_COLUMNS, ids, (batch) => readOrderRows(db, batch), (row) => [
    shownOrderNumber(row) ?? "",
    row.store ?? "",
    row.accountEmail,
    csvDateTime(row.placedAt),
    row.status === null ? "" : ORDER_STATUS_LABELS[row.status],
    row.counts ? "yes" : "no",
    csvMoney(row.totalCents),
    row.source,
    itemsSummary(row.items),
  ]);
}

function readOrderRows(db: CrmDatabase, ids: string) {
  return preparedOnce(db, "orderExportRows", () =>
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        externalId: orders.externalId,
        store: orders.store,
        accountEmail: accounts.email,
        placedAt: orders.placedAt,
        status: orders.status,
        counts: orders.counts,
        totalCents: orders.totalCents,
        source: orders.source,
        // Only the items are wanted: SQLite hands over their part of the stored JSON, not the whole order.
        items: sql<string | null>`json_extract(${orders.raw}, '$.items')`,
      })
      .from(orders)
      .innerJoin(accounts, eq(accounts.id, orders.accountId))
      .where(sql`${orders.id} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
      .prepare(),
  ).all({ ids });
}

/** An order's items in one cell: "2 × Drug Test Cup; 1 × Saliva Kit", by name, else SKU; a line without a quantity is one. */
function itemsSummary(itemsJson: string | null): string {
  const items = itemsJson === null ? [] : (JSON.parse(itemsJson) as OrderItem[]);
  return items.map((item) => `${item.quantity ?? 1} × ${item.name || item.sku || "item"}`).join("; ");
}
