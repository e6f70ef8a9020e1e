import type { MessagePort } from "node:worker_threads";
import type { PreparedOrder } from "../orders/prepared-order.ts";
import { Utf8Writer } from "../orders/utf8-writer.ts";

/** What the reader thread is given when it starts. */
export interface ReaderJob {
  files: string[];
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

export interface ReaderRowError {
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
 * Prepared orders in the form they cross threads: every order's fields in one flat array written as JSON
 * text, and all their raw JSON in one buffer that moves to the other thread without a copy. Structured
 * cloning an array of objects would write and read every property name again; even the flat array, with
 * its thousands of short strings, cost the reader several times what JSON.stringify of it costs, and the
 * text crosses as one copy.
 */
export interface PackedOrders {
  /** JSON of a (string | number | null)[]: FIELDS_PER_ORDER values per order. */
  fieldsJson: string;
  rawJson: ArrayBuffer;
}

type PackedField = string | number | null;

const FIELDS_PER_ORDER = 12;

/**
 * Collects prepared orders into PackedOrders; `take` hands over what it holds and starts afresh, on a
 * buffer the importing thread handed back when there is one.
 */
export class OrderPacker {
  private fields: PackedField[] = [];
  private readonly rawJson: Utf8Writer;
  private readonly spareBuffers: ArrayBuffer[] = [];

  constructor(private readonly initialBytes: number) {
    this.rawJson = new Utf8Writer(initialBytes);
  }

  get orderCount(): number {
    return this.fields.length / FIELDS_PER_ORDER;
  }

  add(order: PreparedOrder): void {
    const rawStart = this.rawJson.length;
    this.rawJson.append(order.raw);
    const { customer } = order;
    this.fields.push(order.source, order.externalId, order.orderNumber, order.customerEmail, order.placedAtMs, order.totalCents, rawStart, this.rawJson.length, order.contentHash);
    this.fields.push(customer.company ?? null, customer.name ?? null, customer.phone ?? null);
  }

  take(): PackedOrders {
    const packed = { fieldsJson: JSON.stringify(this.fields), rawJson: this.rawJson.bytes.buffer as ArrayBuffer };
    this.fields = [];
    const spare = this.spareBuffers.pop();
    this.rawJson.startOver(spare ? new Uint8Array(spare) : new Uint8Array(this.initialBytes));
    return packed;
  }

  /** A buffer `take` handed over, back for reuse: allocating a megabyte per batch kept the system busy zeroing and mapping memory. */
  reuse(rawJson: ArrayBuffer): void {
    this.spareBuffers.push(rawJson);
  }
}

export function unpackOrders({ fieldsJson, rawJson }: PackedOrders): PreparedOrder[] {
  const fields = JSON.parse(fieldsJson) as PackedField[];
  const orders: PreparedOrder[] = [];
  for (let at = 0; at < fields.length; at += FIELDS_PER_ORDER) {
    const rawStart = fields[at + 6] as number;
    const order: PreparedOrder = {
      source: fields[at] as PreparedOrder["source"],
      externalId: fields[at + 1] as string,
      orderNumber: fields[at + 2] as string | null,
      customerEmail: fields[at + 3] as string,
      placedAtMs: fields[at + 4] as number,
      totalCents: fields[at + 5] as number | null,
      raw: new Uint8Array(rawJson, rawStart, (fields[at + 7] as number) - rawStart),
      contentHash: fields[at + 8] as string,
      customer: {
        company: (fields[at + 9] as string | null) ?? undefined,
        name: (fields[at + 10] as string | null) ?? undefined,
        phone: (fields[at + 11] as string | null) ?? undefined,
      },
    };
    orders.push(order);
  }
  return orders;
}
