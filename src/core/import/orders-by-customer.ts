import { Database, type Statement } from "bun:sqlite";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { filesOfRunningProcesses } from "../database/process-files.ts";
import type { OrderLine, PreparedOrder } from "../orders/prepared-order.ts";

/**
 * Beside other processes an import in batches writes its orders customer by customer, each customer's in
 * the order of the files, rather than in the order of the files alone. An export lists orders by date, so
 * a customer of many orders had them spread over many short batches, and each of those batches recounted
 * the account and rewrote its row and its ten index entries: 300,000 account recounts for 60,000 accounts
 * in a 600,000-row export, where the import in one transaction recounts each account once. In customer
 * order each account is recounted once or twice, and its orders are stored next to each other.
 *
 * The import puts every order it has to write into a private scratch database on disk as it reads them,
 * and takes them back sorted once every row is read: the orders never all sit in memory. Every listing of
 * an order joins the group of its first listing, so an order listed again later, under another customer
 * or with more of its item rows, is still recorded after its earlier rows, as in the files. Orders are
 * keyed by hashes: two that share one only share a group, which changes the order of writing, never what
 * is written. Groups come in the order their first orders do, so accounts are created in the same order
 * as by an import in file order.
 */
export class OrdersByCustomer {
  private readonly file: string;
  private readonly db: Database;
  private readonly insert: Statement;
  private readonly groupOfCustomer = new Map<string, number>();
  private readonly groupOfOrder = new Map<number, number>();
  count = 0;

  /** Opens a new scratch file beside this database file (a path or a name). */
  constructor(databaseFile: string) {
    this.file = newScratchFile(databaseFile);
    this.db = new Database(this.file);
    // Scratch: nothing in it outlives the import, so nothing needs a journal or a sync.
    this.db.run("PRAGMA journal_mode = OFF");
    this.db.run("PRAGMA synchronous = OFF");
    this.db.run(`PRAGMA cache_size = -${SCRATCH_CACHE_KIB}`);
    this.db.run(`CREATE TABLE staged_orders (
      seq INTEGER PRIMARY KEY, grp INTEGER NOT NULL, source TEXT NOT NULL, external_id TEXT NOT NULL, order_number TEXT,
      store TEXT, shipstation_order_id INTEGER, status TEXT, customer_email TEXT NOT NULL, placed_at_ms INTEGER NOT NULL,
      total_cents INTEGER, raw BLOB NOT NULL, content_hash TEXT NOT NULL, company TEXT, name TEXT, phone TEXT, lines TEXT NOT NULL)`);
    this.insert = this.db.prepare(`INSERT INTO staged_orders (grp, source, external_id, order_number, store, shipstation_order_id, status,
      customer_email, placed_at_ms, total_cents, raw, content_hash, company, name, phone, lines) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.db.run("BEGIN");
  }

  /** Whether an earlier listing of this order was added: a later one must follow it, whatever it says. */
  has(order: PreparedOrder): boolean {
    return this.groupOfOrder.has(hashKey(sameOrderKey(order)));
  }

  add(order: PreparedOrder): void {
    const orderKey = hashKey(sameOrderKey(order));
    let group = this.groupOfOrder.get(orderKey) ?? this.groupOfCustomer.get(order.customerEmail);
    if (group === undefined) group = this.groupOfOrder.size;
    this.groupOfOrder.set(orderKey, group);
    // A customer first met in an order listed earlier under another one follows it into that group. The
    // key is a copy: the e-mail may be a slice keeping a much larger text alive.
    if (!this.groupOfCustomer.has(order.customerEmail)) this.groupOfCustomer.set(Buffer.from(order.customerEmail).toString(), group);
    const { customer } = order;
    this.insert.run(
      group,
      order.source,
      order.externalId,
      order.orderNumber,
      order.store,
      order.shipstationOrderId,
      order.status,
      order.customerEmail,
      order.placedAtMs,
      order.totalCents,
      order.raw,
      order.contentHash,
      customer.company ?? null,
      customer.name ?? null,
      customer.phone ?? null,
      JSON.stringify(order.lines),
    );
    this.count++;
  }

  /** Every order added, customer by customer; SQLite sorts them on disk. */
  *inCustomerOrder(): Generator<PreparedOrder> {
    this.db.run("COMMIT");
    this.groupOfCustomer.clear();
    this.groupOfOrder.clear();
    const rows = this.db.query<StagedOrder, []>(
      `SELECT source, external_id, order_number, store, shipstation_order_id, status, customer_email, placed_at_ms, total_cents, raw,
        content_hash, company, name, phone, lines FROM staged_orders ORDER BY grp, seq`,
    );
    for (const row of rows.iterate()) {
      yield {
        source: row.source as PreparedOrder["source"],
        externalId: row.external_id,
        orderNumber: row.order_number,
        store: row.store,
        shipstationOrderId: row.shipstation_order_id,
        status: row.status as PreparedOrder["status"],
        customerEmail: row.customer_email,
        placedAtMs: row.placed_at_ms,
        totalCents: row.total_cents,
        raw: row.raw,
        contentHash: row.content_hash,
        customer: { company: row.company ?? undefined, name: row.name ?? undefined, phone: row.phone ?? undefined },
        lines: JSON.parse(row.lines) as OrderLine[],
      };
    }
  }

  /** Closes and deletes the scratch file. */
  close(): void {
    this.db.close();
    rmSync(this.file, { force: true });
  }
}

/**
 * What the appearances of one order share (order-identity.ts): its number within its store, or, where the
 * store is not known, within its customer's orders; an order without a number, its own id.
 */
function sameOrderKey(order: PreparedOrder): string {
  const number = order.orderNumber ?? order.externalId;
  return order.store !== null ? `${order.store}\u0000${number}` : `\u0001${order.customerEmail}\u0000${number}`;
}

/** 52 bits of a key's hash: a map of numbers holds hundreds of thousands of orders in a few megabytes. */
function hashKey(key: string): number {
  return Number(BigInt.asUintN(52, BigInt(Bun.hash.wyhash(key))));
}

interface StagedOrder {
  source: string;
  external_id: string;
  order_number: string | null;
  store: string | null;
  shipstation_order_id: number | null;
  status: string | null;
  customer_email: string;
  placed_at_ms: number;
  total_cents: number | null;
  raw: Uint8Array;
  content_hash: string;
  company: string | null;
  name: string | null;
  phone: string | null;
  /** PreparedOrder.lines as JSON. */
  lines: string;
}

/** The scratch database's page cache, in KiB: it is written in order and read once, sorted. */
const SCRATCH_CACHE_KIB = 8 * 1024;

/**
 * A new, empty scratch file for OrdersByCustomer, readable by its owner only (it holds customers' orders),
 * in a folder beside the database: on the database's disk, which has room for the data, where a tmpfs
 * /tmp would hold it in memory. Files left by processes that are gone (a killed import) are removed first.
 * OrdersByCustomer deletes its file when it is closed.
 */
function newScratchFile(databaseFile: string): string {
  const folder = scratchFolderName(databaseFile);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  filesOfRunningProcesses(folder);
  const file = path.join(folder, `${process.pid}-${++scratchFilesMade}.db`);
  writeFileSync(file, "", { mode: 0o600 });
  return file;
}

let scratchFilesMade = 0;

/** The folder beside a database file (a path or a name) where imports keep their scratch files. */
export function scratchFolderName(databaseFile: string): string {
  return `${databaseFile}-import-scratch`;
}
