import type { ListDefinition, ListSummary } from "../../contracts/lists.ts";
import { centsToDollars } from "../../core/money/money.ts";
import type { ListRecord } from "../../core/lists/list-types.ts";
import type { ListFigures } from "../../core/lists/lists.ts";

export function toListSummaryJson(list: ListFigures): ListSummary {
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

export function toListJson(list: ListRecord): ListDefinition {
  return { key: list.key, name: list.name, description: list.description, builtIn: list.builtIn };
}
