import type { OrderItem, StoredOrderRaw } from "./incoming-order.ts";

/**
 * orders.raw as JSON text, exactly what JSON.stringify would write. Written by hand because an import
 * serialises half a million of these, and the generic stringify was its single largest cost.
 */
export function serializeStoredOrderRaw(raw: StoredOrderRaw): string {
  return `{"shipTo":${flatObject(raw.shipTo)},"items":[${raw.items.map(flatObject).join(",")}],"orderTotalCents":${raw.orderTotalCents},"details":${flatObject(raw.details)}}`;
}

type FlatRecord = Record<string, string | number | undefined>;

function flatObject(record: FlatRecord | OrderItem): string {
  let json = "";
  for (const key in record) {
    const value = (record as FlatRecord)[key];
    if (value === undefined) continue;
    json += `${json ? "," : ""}${quote(key)}:${typeof value === "number" ? numberJson(value) : quote(value)}`;
  }
  return `{${json}}`;
}

const NEEDS_ESCAPING = /["\\\u0000-\u001f\u2028\u2029\ud800-\udfff]/;

function quote(text: string): string {
  return NEEDS_ESCAPING.test(text) ? JSON.stringify(text) : `"${text}"`;
}

function numberJson(value: number): string {
  return Number.isFinite(value) ? String(value) : "null";
}
