import { centsToDollars } from "../../core/import/money.ts";
import type { ListRecord } from "../../core/lists/list-types.ts";
import type { ListSummary } from "../../core/lists/lists.ts";

export function toListSummaryJson(list: ListSummary) {
  return {
    key: list.key,
    name: list.name,
    description: list.description,
    builtIn: list.builtIn,
    count: list.count,
    totalCount: list.totalCount,
    totalOrderValue: centsToDollars(list.totalOrderCents),
    lastOrderDate: list.lastOrderAt?.toISOString() ?? null,
  };
}

export function toListJson(list: ListRecord) {
  return { key: list.key, name: list.name, description: list.description, builtIn: list.builtIn };
}
