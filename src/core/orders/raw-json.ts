import type { OrderItem, StoredOrderRaw } from "./incoming-order.ts";
import type { Utf8Writer } from "./utf8-writer.ts";

/**
 * Writes orders.raw as UTF-8 JSON: exactly the text JSON.stringify would write. Written by hand because
 * an import writes half a million of these, and the generic stringify was its single largest cost.
 */
export function writeStoredOrderRaw(raw: StoredOrderRaw, out: Utf8Writer): void {
  out.ascii('{"shipTo":');
  writeFlatObject(raw.shipTo, out);
  out.ascii(',"items":[');
  raw.items.forEach((item, index) => {
    if (index > 0) out.ascii(",");
    writeFlatObject(item, out);
  });
  out.ascii('],"orderTotalCents":');
  if (raw.orderTotalCents === null) out.ascii("null");
  else out.jsonNumber(raw.orderTotalCents);
  out.ascii(',"details":');
  writeFlatObject(raw.details, out);
  out.ascii("}");
}

type FlatRecord = Record<string, string | number | undefined>;

function writeFlatObject(record: FlatRecord | OrderItem, out: Utf8Writer): void {
  out.ascii("{");
  let first = true;
  for (const key in record) {
    const value = (record as FlatRecord)[key];
    if (value === undefined) continue;
    if (!first) out.ascii(",");
    first = false;
    out.jsonKey(key);
    if (typeof value === "number") out.jsonNumber(value);
    else out.jsonString(value);
  }
  out.ascii("}");
}
