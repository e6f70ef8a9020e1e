import type { MessagePort } from "node:worker_threads";
import type { PreparedOrder } from "../orders/prepared-order.ts";

/** What the reader thread is given when it starts. */
export interface ReaderJob {
  files: string[];
  timeZone: string;
  /** The port the reader posts its messages to. */
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
  | { kind: "batch"; orders: PackedOrders; rowErrors: ReaderRowError[]; rowsRead: number; bytesRead: number }
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
 * Orders as one flat array of their fields. Copying a batch between threads costs less this way than
 * as an array of objects, whose every property name the copy would write and read again.
 */
export type PackedOrders = (string | number | boolean | null)[];

const FIELDS_PER_ORDER = 12;

export function packOrders(orders: readonly PreparedOrder[]): PackedOrders {
  const packed: PackedOrders = new Array(orders.length * FIELDS_PER_ORDER);
  let at = 0;
  for (const order of orders) {
    const { customer } = order;
    packed[at++] = order.source;
    packed[at++] = order.externalId;
    packed[at++] = order.orderNumber;
    packed[at++] = order.customerEmail;
    packed[at++] = order.placedAtMs;
    packed[at++] = order.totalCents;
    packed[at++] = order.raw;
    packed[at++] = order.contentHash;
    packed[at++] = customer !== undefined;
    packed[at++] = customer?.company ?? null;
    packed[at++] = customer?.name ?? null;
    packed[at++] = customer?.phone ?? null;
  }
  return packed;
}

export function unpackOrders(packed: PackedOrders): PreparedOrder[] {
  const orders: PreparedOrder[] = [];
  for (let at = 0; at < packed.length; at += FIELDS_PER_ORDER) {
    const order: PreparedOrder = {
      source: packed[at] as PreparedOrder["source"],
      externalId: packed[at + 1] as string,
      orderNumber: packed[at + 2] as string | null,
      customerEmail: packed[at + 3] as string,
      placedAtMs: packed[at + 4] as number,
      totalCents: packed[at + 5] as number | null,
      raw: packed[at + 6] as string,
      contentHash: packed[at + 7] as string,
    };
    if (packed[at + 8]) {
      order.customer = {
        company: (packed[at + 9] as string | null) ?? undefined,
        name: (packed[at + 10] as string | null) ?? undefined,
        phone: (packed[at + 11] as string | null) ?? undefined,
      };
    }
    orders.push(order);
  }
  return orders;
}
