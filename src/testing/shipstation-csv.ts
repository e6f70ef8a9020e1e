import { addDays, businessToday } from "../core/time/business-calendar.ts";

/** Builds ShipStation "Export Orders" CSV text for tests: one row per line item, order columns repeated. */
export const EXPORT_HEADER = [
  "Order - Number",
  "Date - Order Date",
  "Customer Email",
  "Ship To - Name",
  "Ship To - Company",
  "Ship To - Address 1",
  "Ship To - City",
  "Ship To - State",
  "Ship To - Postal Code",
  "Ship To - Country",
  "Ship To - Phone",
  "Amount - Order Total",
  "Item - SKU",
  "Item - Name",
  "Item - Qty",
  "Item - Price",
  "Source",
  "Order - Status",
  "Market - Store Name",
] as const;

export type ExportRow = Partial<Record<(typeof EXPORT_HEADER)[number], string>>;

export function exportCsv(rows: ExportRow[], options: { header?: readonly string[]; delimiter?: string; newline?: string } = {}): string {
  const header = options.header ?? EXPORT_HEADER;
  const delimiter = options.delimiter ?? ",";
  const newline = options.newline ?? "\n";
  const lines = [header.map((name) => quote(name, delimiter)).join(delimiter)];
  for (const row of rows) {
    lines.push(EXPORT_HEADER.map((name) => quote((row as Record<string, string | undefined>)[name] ?? "", delimiter)).join(delimiter));
  }
  return lines.join(newline) + newline;
}

function quote(value: string, delimiter: string): string {
  return value.includes(delimiter) || value.includes('"') || value.includes("\n") ? `"${value.replaceAll('"', '""')}"` : value;
}

/** An item row of an order with sensible defaults, overridable per test. */
export function itemRow(orderNumber: string, email: string, overrides: ExportRow = {}): ExportRow {
  return {
    "Order - Number": orderNumber,
    "Date - Order Date": "4/2/2026 10:39:21 AM",
    "Customer Email": email,
    "Ship To - Name": "Jane Roe",
    "Ship To - Company": "Riverside Clinic",
    "Ship To - Address 1": "55 North Ave",
    "Ship To - City": "Atlanta",
    "Ship To - State": "GA",
    "Ship To - Postal Code": "30303",
    "Ship To - Country": "US",
    "Ship To - Phone": "404-555-0100",
    "Amount - Order Total": "135.00",
    "Item - SKU": "CUP-12",
    "Item - Name": "12-Panel Drug Test Cup",
    "Item - Qty": "1",
    "Item - Price": "100.00",
    Source: "web",
    ...overrides,
  };
}

/** An export's order date so many New York calendar days before today, at 10 AM there, e.g. "11/21/2026 10:00:00 AM". */
export function orderDateDaysAgo(days: number, now = new Date()): string {
  const [year, month, day] = addDays(businessToday(now), -days).split("-").map(Number);
  return `${month}/${day}/${year} 10:00:00 AM`;
}
