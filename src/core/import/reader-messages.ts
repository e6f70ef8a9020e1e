import type { SkippedRowKeys } from "./shipstation-file-orders.ts";
import type { ColumnMap } from "./order-columns.ts";
import type { MessagePort } from "node:worker_threads";
import type { OrderLine, PreparedOrder } from "../orders/prepared-order.ts";
import { Utf8Writer } from "../orders/utf8-writer.ts";

/** What the reader thread is given when it starts. */
export interface ReaderJob {
  files: string[];
  /** Each file's column map, as staff chose it; undefined reads ShipStation's names (mapOrderColumns). */
  columnMaps: (ColumnMap | undefined)[];
  timeZone: string;
  /** The reader's end of the channel: it posts its messages there and gets batch buffers back from there. */
  port: MessagePort;
  /** An Int32Array over it holds the FLOW counters the two threads pace each other with. */
  flow: SharedArrayBuffer;
}

/** Where each counter sits in ReaderJob.flow. */
export const FLOW = {
  /** Messages the reader has posted. */
  posted: 0,
  /** Messages the importing thread has taken. */
  taken: 1,
  /** Set to 1 by the importing thread when it wants no more. */
  stop: 2,
} as const;
export const FLOW_BYTES = 3 * Int32Array.BYTES_PER_ELEMENT;

/** The reader's messages: batches as it goes, then `done` or `failed`. */
export type ReaderMessage =
  | ({ kind: "batch"; rowErrors: ReaderRowError[]; rowsRead: number; bytesRead: number } & PackedOrders)
  | { kind: "done"; rowsRead: number; bytesRead: number }
  | { kind: "failed"; error: ReaderFailure };

export interface ReaderRowError extends SkippedRowKeys {
  fileIndex: number;
  line: number;
  reason: string;
}

/** An error crossing threads loses its class; this keeps what the importing thread needs to raise it again. */
export interface ReaderFailure {
  message: string;
  /** Set when the reader rejected a file as a DomainError "invalid" for this field. */
  invalidField?: string;
  stack?: string;
}

/**
 * Prepared orders in the form they cross threads, as three pieces that cross whole: the text of all their
 * string fields one after the other, their numbers (and where each string field lies in the text), and
 * all their raw JSON. Structured cloning arrays of thousands of short strings cost the reader seconds
 * over a million-row import, and sending them as JSON cost the importing thread as much to parse; one
 * string crosses as one copy, the numbers and raw JSON without a copy, and the importing thread takes
 * each string field as a slice of the text.
 */
export interface PackedOrders {
  text: string;
  /** NUMBERS_PER_ORDER per order; a string field is its start and end in `text`, or -1, -1 for null. */
  numbers: Float64Array;
  /** NUMBERS_PER_LINE per order line, the orders' lines one after the other. */
  lines: Float64Array;
  rawJson: ArrayBuffer;
}

/**
 * Per order: placedAtMs, totalCents (NaN for null), raw JSON start and end, ShipStation's order id (NaN for
 * null), its number of lines, then the start and end of each string field: source, external id, order
 * number, e-mail, fingerprint, company, name, phone, store, status.
 */
const NUMBERS = 6;
const NUMBERS_PER_ORDER = NUMBERS + 2 * 10;
/** Per line: its place, quantity and revenue, then the start and end of its SKU and name. */
const NUMBERS_PER_LINE = 3 + 2 * 2;

/**
 * Collects prepared orders into PackedOrders; `take` hands over what it holds and starts afresh, on a
 * buffer the importing thread handed back when there is one.
 */
export class OrderPacker {
  private texts: string[] = [];
  private textLength = 0;
  private numbers: number[] = [];
  private lines: number[] = [];
  private readonly rawJson: Utf8Writer;
  private readonly spareBuffers: ArrayBuffer[] = [];

  constructor(private readonly initialBytes: number) {
    this.rawJson = new Utf8Writer(initialBytes);
  }

  get orderCount(): number {
    return this.numbers.length / NUMBERS_PER_ORDER;
  }

  add(order: PreparedOrder): void {
    const rawStart = this.rawJson.length;
    this.rawJson.append(order.raw);
    this.numbers.push(order.placedAtMs, order.totalCents ?? Number.NaN, rawStart, this.rawJson.length, order.shipstationOrderId ?? Number.NaN, order.lines.length);
    const { customer } = order;
    this.addText(order.source);
    this.addText(order.externalId);
    this.addText(order.orderNumber);
    this.addText(order.customerEmail);
    this.addText(order.contentHash);
    this.addText(customer.company);
    this.addText(customer.name);
    this.addText(customer.phone);
    this.addText(order.store);
    this.addText(order.status);
    for (const line of order.lines) {
      this.lines.push(line.line, line.quantity, line.revenueCents);
      this.addText(line.sku, this.lines);
      this.addText(line.name, this.lines);
    }
  }

  take(): PackedOrders {
    const packed = {
      text: this.texts.join(""),
      numbers: Float64Array.from(this.numbers),
      lines: Float64Array.from(this.lines),
      rawJson: this.rawJson.bytes.buffer as ArrayBuffer,
    };
    this.texts = [];
    this.textLength = 0;
    this.numbers = [];
    this.lines = [];
    const spare = this.spareBuffers.pop();
    this.rawJson.startOver(spare ? new Uint8Array(spare) : new Uint8Array(this.initialBytes));
    return packed;
  }

  /** A buffer `take` handed over, back for reuse: allocating a megabyte per batch kept the system busy zeroing and mapping memory. */
  reuse(rawJson: ArrayBuffer): void {
    this.spareBuffers.push(rawJson);
  }

  private addText(text: string | null | undefined, numbers = this.numbers): void {
    if (text === null || text === undefined) {
      numbers.push(-1, -1);
      return;
    }
    this.texts.push(text);
    numbers.push(this.textLength, (this.textLength += text.length));
  }
}

export function unpackOrders({ text, numbers, lines, rawJson }: PackedOrders): PreparedOrder[] {
  const orders: PreparedOrder[] = [];
  const textAt = (pairs: Float64Array, at: number): string | undefined => {
    const start = pairs[at]!;
    return start === -1 ? undefined : text.slice(start, pairs[at + 1]!);
  };
  let lineAt = 0;
  for (let at = 0; at < numbers.length; at += NUMBERS_PER_ORDER) {
    const field = (index: number) => textAt(numbers, at + NUMBERS + 2 * index);
    const totalCents = numbers[at + 1]!;
    const rawStart = numbers[at + 2]!;
    const shipstationOrderId = numbers[at + 4]!;
    const orderLines: OrderLine[] = [];
    for (let left = numbers[at + 5]!; left > 0; left--, lineAt += NUMBERS_PER_LINE) {
      orderLines.push({ line: lines[lineAt]!, quantity: lines[lineAt + 1]!, revenueCents: lines[lineAt + 2]!, sku: textAt(lines, lineAt + 3)!, name: textAt(lines, lineAt + 5) });
    }
    orders.push({
      source: field(0) as PreparedOrder["source"],
      externalId: field(1)!,
      orderNumber: field(2) ?? null,
      store: field(8) ?? null,
      shipstationOrderId: Number.isNaN(shipstationOrderId) ? null : shipstationOrderId,
      status: (field(9) ?? null) as PreparedOrder["status"],
      customerEmail: field(3)!,
      placedAtMs: numbers[at]!,
      totalCents: Number.isNaN(totalCents) ? null : totalCents,
      raw: new Uint8Array(rawJson, rawStart, numbers[at + 3]! - rawStart),
      contentHash: field(4)!,
      customer: { company: field(5), name: field(6), phone: field(7) },
      lines: orderLines,
    });
  }
  return orders;
}
