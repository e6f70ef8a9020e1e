import type { Database, Statement } from "bun:sqlite";
import { SYSTEM, type Actor } from "../changes/actor.ts";
import { recomputeAccountStats } from "../accounts/account-stats.ts";
import type { CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { announceChange, type TimelineLine } from "../changes/change-feed.ts";
import { continueRecordingLines } from "../timeline/timeline-follower.ts";
import { ACCOUNT_ID_FOR_EMAIL_SQL } from "../account-basics/aliases.ts";
import { accountDomainForEmail } from "../account-basics/free-mail.ts";
import { splitPersonName } from "../accounts/person-name.ts";
import { BulkLoad } from "./bulk-load.ts";
import type { IncomingOrder, StoredOrderRaw } from "./incoming-order.ts";
import { linesOf, prepareOrder, withEarlierItems, type CustomerDetails, type OrderLine, type PreparedOrder } from "./prepared-order.ts";
import { findSameOrder, type OrderIdentity } from "./order-identity.ts";
import { REPORTED_CUSTOMER_CHANGES, type CustomerChange } from "../../contracts/imports.ts";
import { ORDER_STATUS_LABELS, type OrderRoute, type OrderSource, type OrderStatus } from "../../contracts/orders.ts";
import { canonicalPhone } from "../../contracts/phones.ts";

export interface OrderRecordingSummary {
  ordersCreated: number;
  ordersUpdated: number;
  ordersUnchanged: number;
  accountsCreated: number;
  /** Accounts that existed before and whose orders changed. */
  accountsUpdated: number;
  /** Known orders that a source now gives to another customer (account): each moved, none silently. */
  customersChanged: number;
  /** The first REPORTED_CUSTOMER_CHANGES of them. */
  customerChanges: CustomerChange[];
  /** New orders without a customer e-mail: they wait among the unmatched orders, in no account (not in ordersCreated). */
  ordersUnmatched: number;
  /** Unmatched orders this recording delivered again with their customer's e-mail, and so matched to that account. */
  ordersMatched: number;
}

/** How the orders of a recording reached the CRM, as each order's dialog lists it. */
export interface OrderDelivery {
  route: OrderRoute;
  label: string;
}

export interface RecordingOptions {
  dryRun?: boolean;
  /** Named on the timelines of the accounts it changes. */
  actor?: Actor;
  delivery: OrderDelivery;
  /** Told as each step of the closing work begins, which can take seconds after a large import. */
  onClosingStep?(step: ClosingStep): void;
}

export type ClosingStep =
  | "writing timelines"
  | "building order indexes"
  | "recounting account statistics"
  | "building account indexes"
  | "committing"
  /** After an import written in batches: the analytics of the accounts it touched, counted once (purchase-days.ts). */
  | "counting purchase days";

const ignoreStep = () => {};

export type RecordOutcome = "created" | "updated" | "unchanged";

export interface RecordOptions {
  /**
   * An order this same recording already wrote gets these items added to its own (an export that lists
   * an order's item rows apart from each other).
   */
  continuesEarlierRows?: boolean;
}

export interface OrderRecorder {
  /** Stores an order: new (source, external id) pairs are added, known ones updated when their content changed. */
  record(order: IncomingOrder, options?: RecordOptions): RecordOutcome;
  /** The same for an order prepared beforehand, e.g. by a reader on another thread. */
  recordPrepared(order: PreparedOrder, options?: RecordOptions): RecordOutcome;
}

/**
 * The one way orders enter the database, for every source. Everything `produce` records is written in
 * one transaction together with the statistics of every account it touched, recounted from the stored
 * orders; if `produce` throws, nothing is written at all. A dry run does all the work, reports it, and
 * rolls it back.
 */
export function recordOrders<T>(
  db: CrmDatabase,
  produce: (recorder: OrderRecorder) => T,
  options: RecordingOptions,
): { value: T; summary: OrderRecordingSummary } {
  return inTransaction(
    db.$client,
    () => {
      const recording = new OrderRecording(db, { actor: options.actor, delivery: options.delivery, inOneTransaction: true });
      recording.beginBatch();
      const value = produce(recording);
      recording.closeBatch(options.onClosingStep);
      return { value, summary: recording.summary() };
    },
    options,
  );
}

export interface OrderRecordingOptions {
  /** Named on the timelines of the accounts it changes. */
  actor?: Actor;
  /** None for staff matching an unmatched order, which delivers nothing. */
  delivery?: OrderDelivery;
  /**
   * Whether everything is recorded in one transaction (one batch). Only then may a large recording drop
   * the indexes it fills and build them again at its end (BulkLoad): they are missing until then.
   */
  inOneTransaction: boolean;
}

/**
 * Once a recording has created more orders than were stored before it, and at least this many, it drops
 * the indexes of the tables it fills and builds them again at its end: from then on one sort per index
 * beats a random page visit per row, while a recording of a few pages of orders never pays for a rebuild.
 */
const BULK_LOAD_MIN_ORDERS = 5_000;
const BULK_LOADED_TABLES = ["orders", "accounts", "contacts", "purchase_days"] as const;
/** The indexes each order is looked up by (order-identity.ts): a bulk load keeps them. */
const ORDER_LOOKUP_INDEXES = ["orders_order_number_idx", "orders_unnumbered_idx"] as const;

/** How the line of an account a CSV import created begins: a run completing an interrupted one reads it (import-history.ts). */
export const CREATED_FROM_CSV_IMPORT = "Created from a CSV import";

/**
 * Records orders in one transaction or in several one after the other (a long import commits in batches,
 * so that other processes can write between them): the caller begins and commits each transaction,
 * calling beginBatch after BEGIN and closeBatch before COMMIT. Each batch's closing work covers the
 * accounts its orders touched: their statistics recounted, their timeline entries, the welcome tasks of
 * the accounts it created and their place in the duplicate queue, so that every committed batch leaves
 * the accounts it touched consistent with their stored orders.
 */
export class OrderRecording implements OrderRecorder {
  private now = Date.now();
  private readonly actor: Actor;
  private readonly statements: RecordingStatements;
  private readonly accountIdByEmail = new Map<string, number>();
  /** Accounts this recording created, in any of its batches: the activity rules place them without a timeline entry of their own. */
  private readonly createdAccounts = new Set<number>();
  private readonly touchedAccounts = new Set<number>();
  /** Accounts an earlier recording this one goes on from created (continueRecording): not counted as this one's. */
  private readonly createdEarlier = new Set<number>();
  private readonly counts = { ordersCreated: 0, ordersUpdated: 0, ordersUnchanged: 0, customersChanged: 0, ordersUnmatched: 0, ordersMatched: 0 };
  /** Whether unmatched orders wait: only then does an order not found among the orders look for itself among them. */
  private unmatchedWaiting = false;
  /** New and changed orders the batches before this one announced. */
  private ordersAnnounced = 0;
  private readonly customerChanges: CustomerChange[] = [];
  private batch = new BatchChanges();
  /**
   * The orders this recording inserted, as one range of ids per batch: a batch's new ids all lie above
   * the largest id when it began, as nobody else writes during its transaction.
   */
  private readonly insertedIds: { after: number; upTo: number }[] = [];
  /** The stored orders this recording met again, updated or not. */
  private readonly metStoredOrders = new Set<number>();
  /** Per account: orders created and updated over the whole recording, for its timeline entry. */
  private readonly changesByAccount = new Map<number, { created: number; updated: number }>();
  /** PRAGMA data_version when the last batch ended: it moves only when another connection commits. */
  private dataVersionAfterLastBatch: number | undefined;
  private source: IncomingOrder["source"] = "csv";
  private readonly sqlite: Database;
  private bulkLoadAfter = Number.POSITIVE_INFINITY;
  private bulkLoad: BulkLoad | undefined;

  constructor(
    private readonly db: CrmDatabase,
    private readonly options: OrderRecordingOptions,
  ) {
    this.sqlite = db.$client;
    this.actor = options.actor ?? SYSTEM;
    this.statements = prepareStatements(this.sqlite);
  }

  /**
   * Goes on from what earlier recordings did (the interrupted runs of an import this one completes): their
   * accounts count as created by this one and their order counts as its own, and each account's line of
   * theirs is brought up to date rather than joined by another, so that the timelines read as one import.
   */
  continueRecording(earlier: { ordersByAccount: ReadonlyMap<number, { created: number; updated: number }>; createdAccounts: ReadonlySet<number>; lineIds: ReadonlyMap<number, number> }): void {
    for (const [accountId, counts] of earlier.ordersByAccount) this.changesByAccount.set(accountId, { ...counts });
    for (const accountId of earlier.createdAccounts) {
      this.createdAccounts.add(accountId);
      this.createdEarlier.add(accountId);
    }
    continueRecordingLines(this, earlier.lineIds);
  }

  /** Starts a batch; the caller's transaction must have begun. */
  beginBatch(): void {
    this.now = Date.now();
    this.batch = new BatchChanges();
    const lastOrderId = this.sqlite.query<{ id: number | null }, []>("SELECT max(id) AS id FROM orders").get()?.id ?? 0;
    this.insertedIds.push({ after: lastOrderId, upTo: Number.POSITIVE_INFINITY });
    if (this.options.inOneTransaction) this.bulkLoadAfter = Math.max(BULK_LOAD_MIN_ORDERS, lastOrderId);
    this.unmatchedWaiting = this.statements.anyUnmatched.get() !== null;
    // Between batches another process may have merged an account away: the e-mails remembered for it would
    // lead to an account that no longer exists.
    if (this.dataVersionAfterLastBatch !== undefined && this.dataVersionAfterLastBatch !== this.dataVersion()) this.accountIdByEmail.clear();
  }

  private dataVersion(): number {
    return this.sqlite.query<{ data_version: number }, []>("PRAGMA data_version").get()!.data_version;
  }

  /**
   * Whether this recording wrote or met the order before: an export may list an order's item rows apart
   * from each other, and an order continued in a later batch, or in a run that completes an interrupted
   * one, must get the items it already has.
   */
  private metEarlier(orderId: number): boolean {
    if (this.metStoredOrders.has(orderId)) return true;
    // The ranges ascend: a binary search finds the last one starting below the id.
    let low = 0;
    let high = this.insertedIds.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.insertedIds[middle]!.after < orderId) low = middle;
      else high = middle - 1;
    }
    const range = this.insertedIds[low];
    return range !== undefined && orderId > range.after && orderId <= range.upTo;
  }

  record(order: IncomingOrder, options?: RecordOptions): RecordOutcome {
    return this.recordPrepared(prepareOrder(order), options);
  }

  recordPrepared(order: PreparedOrder, options: RecordOptions = {}): RecordOutcome {
    this.source = order.source;
    const stored = this.findStoredOrder(order);
    if (stored === undefined && order.customerEmail === "") return this.recordUnmatched(order);
    // A delivery without an e-mail leaves a known order in the account it is in.
    const accountId = stored !== undefined && order.customerEmail === "" ? stored.accountId : this.accountFor(order);
    if (stored === undefined) {
      const waiting = this.unmatchedWaiting ? this.findUnmatched(order) : undefined;
      if (waiting) {
        this.matchWaiting(waiting, order, accountId, null);
        this.changesOf(accountId).updated++;
        return "updated";
      }
      this.insert(order, accountId);
      return "created";
    }

    let incoming = order;
    if (options.continuesEarlierRows && this.metEarlier(stored.id)) {
      const { raw } = this.statements.findOrderRaw.get(stored.id)!;
      incoming = withEarlierItems(order, (JSON.parse(raw) as StoredOrderRaw).items);
    }
    this.metStoredOrders.add(stored.id);
    if (stored.contentHash === incoming.contentHash) {
      this.counts.ordersUnchanged++;
      return "unchanged";
    }
    this.statements.updateOrder.run(
      accountId,
      incoming.orderNumber,
      incoming.store,
      incoming.shipstationOrderId,
      incoming.customerEmail,
      incoming.status,
      incoming.placedAtMs,
      incoming.totalCents,
      incoming.raw,
      incoming.contentHash,
      this.now,
      stored.id,
      incoming.placedAtIsCreation ? 1 : 0,
    );
    this.statements.deleteLines.run(stored.id);
    this.writeLines(stored.id, incoming.lines);
    this.batch.updatedOrders.push(stored.id);
    if (incoming.status !== null && incoming.status !== stored.status) {
      this.batch.statusChanges.push({ accountId, orderNumber: incoming.orderNumber, from: stored.status, to: incoming.status });
    }
    // The order may have moved to another customer: the one it left needs its statistics recounted too.
    if (stored.accountId !== accountId) this.noteCustomerChange(stored, incoming, accountId);
    this.touch(accountId);
    this.touch(stored.accountId);
    this.changesOf(accountId).updated++;
    this.counts.ordersUpdated++;
    return "updated";
  }

  /**
   * Whether the database holds this order as delivered, so that recording it would change nothing: then it
   * is counted as unchanged, and met, so that a later listing of it gets its items. Looked up outside any
   * transaction, by an import that reads every order before writing the rest (csv-import-run.ts).
   */
  countIfUnchanged(order: PreparedOrder): boolean {
    const stored = this.findStoredOrder(order);
    if (stored === undefined || stored.contentHash !== order.contentHash) return false;
    this.metStoredOrders.add(stored.id);
    this.counts.ordersUnchanged++;
    return true;
  }

  /** The stored order this delivery is, by the identity rules of order-identity.ts. */
  private findStoredOrder(order: PreparedOrder): StoredIdentity | undefined {
    const { findByShipStationId, findUnnumbered, findByNumber } = this.statements;
    return findByIdentity(order, { byShipStationId: findByShipStationId, unnumbered: findUnnumbered, byNumber: findByNumber });
  }

  private insert(order: PreparedOrder, accountId: number): void {
    this.insertRow(order, accountId);
    this.touch(accountId);
    this.changesOf(accountId).created++;
    if (++this.counts.ordersCreated === this.bulkLoadAfter) this.bulkLoad = BulkLoad.start(this.sqlite, BULK_LOADED_TABLES, ORDER_LOOKUP_INDEXES);
  }

  /** The order's row and lines; its id. */
  private insertRow(order: PreparedOrder, accountId: number): number {
    const { lastInsertRowid } = this.statements.insertOrder.run(
      order.source,
      order.externalId,
      accountId,
      order.orderNumber,
      order.store,
      order.shipstationOrderId,
      order.customerEmail,
      order.status,
      order.placedAtMs,
      order.totalCents,
      order.raw,
      order.contentHash,
      this.now,
    );
    const orderId = Number(lastInsertRowid);
    this.writeLines(orderId, order.lines);
    return orderId;
  }

  /** The unmatched order this delivery is, by the same rules. */
  private findUnmatched(order: PreparedOrder): WaitingOrder | undefined {
    const { findUnmatchedByShipStationId, findUnmatchedUnnumbered, findUnmatchedByNumber } = this.statements;
    return findByIdentity(order, { byShipStationId: findUnmatchedByShipStationId, unnumbered: findUnmatchedUnnumbered, byNumber: findUnmatchedByNumber });
  }

  /**
   * An order without a customer e-mail that is not known as an order: it waits among the unmatched orders,
   * in no account and no figure, brought up to date by whatever delivers it again.
   */
  private recordUnmatched(order: PreparedOrder): RecordOutcome {
    const waiting = this.unmatchedWaiting ? this.findUnmatched(order) : undefined;
    const delivery = this.options.delivery;
    if (waiting === undefined) {
      const deliveries: StoredDelivery[] = delivery ? [{ route: delivery.route, label: delivery.label, firstAt: this.now, lastAt: this.now }] : [];
      this.statements.insertUnmatched.run(
        order.source,
        order.externalId,
        order.orderNumber,
        order.store,
        order.shipstationOrderId,
        order.status,
        order.placedAtMs,
        order.totalCents,
        order.raw,
        order.contentHash,
        JSON.stringify(deliveries),
        this.now,
      );
      this.unmatchedWaiting = true;
      this.counts.ordersUnmatched++;
      return "created";
    }
    const deliveries = delivery ? JSON.stringify(withDelivery(JSON.parse(waiting.deliveries) as StoredDelivery[], delivery, this.now)) : waiting.deliveries;
    if (waiting.contentHash === order.contentHash) {
      this.statements.updateUnmatchedDeliveries.run(deliveries, waiting.id);
      this.counts.ordersUnchanged++;
      return "unchanged";
    }
    this.statements.updateUnmatched.run(
      order.orderNumber,
      order.store,
      order.shipstationOrderId,
      order.status,
      order.placedAtMs,
      order.totalCents,
      order.raw,
      order.contentHash,
      deliveries,
      this.now,
      waiting.id,
      order.placedAtIsCreation ? 1 : 0,
    );
    this.counts.ordersUpdated++;
    return "updated";
  }

  /**
   * Staff match an unmatched order to an account: it moves into the account's orders, which are recounted
   * when the recording closes, with a line on its timeline. Undefined when no such unmatched order waits.
   */
  matchUnmatched(unmatchedId: number, accountId: number): { orderId: number; orderNumber: string | null } | undefined {
    const waiting = this.statements.findUnmatchedById.get(unmatchedId);
    if (!waiting) return undefined;
    const raw = new TextEncoder().encode(waiting.raw);
    const order: PreparedOrder = {
      source: waiting.source,
      externalId: waiting.externalId,
      orderNumber: waiting.orderNumber,
      store: waiting.store,
      shipstationOrderId: waiting.shipstationOrderId,
      status: waiting.status,
      customerEmail: "",
      placedAtMs: waiting.placedAt,
      totalCents: waiting.totalCents,
      raw,
      contentHash: waiting.contentHash,
      customer: {},
      lines: linesOf((JSON.parse(waiting.raw) as StoredOrderRaw).items),
    };
    return { orderId: this.matchWaiting(waiting, order, accountId, this.actor.name), orderNumber: waiting.orderNumber };
  }

  /**
   * An unmatched order becomes one of the account's orders, as `order` delivers it now (what it does not
   * name, store, ShipStation id or status, the earlier sources did), keeping the ways it arrived: by a
   * delivery naming its customer, or by staff (`matchedBy`).
   */
  private matchWaiting(waiting: WaitingOrder, order: PreparedOrder, accountId: number, matchedBy: string | null): number {
    const orderId = this.insertRow(
      {
        ...order,
        source: waiting.source,
        externalId: waiting.externalId,
        store: order.store ?? waiting.store,
        shipstationOrderId: order.shipstationOrderId ?? waiting.shipstationOrderId,
        status: order.status ?? waiting.status,
      },
      accountId,
    );
    this.statements.insertDeliveries.run(orderId, waiting.deliveries);
    this.statements.deleteUnmatched.run(waiting.id);
    this.batch.matches.push({ accountId, orderNumber: order.orderNumber, matchedBy });
    this.touch(accountId);
    this.counts.ordersUpdated++;
    if (matchedBy === null) this.counts.ordersMatched++;
    return orderId;
  }

  /**
   * The order's lines, for analytics, row by row with the order: prepared on the reader's thread, they cost
   * the writer a tenth of what reading them out of orders.raw in SQL did. Product names are kept to the
   * batch's end, each SKU's last one.
   */
  private writeLines(orderId: number, lines: readonly OrderLine[]): void {
    for (const { line, sku, quantity, revenueCents, name } of lines) {
      this.statements.insertLine.run(orderId, line, sku, quantity, revenueCents);
      if (name !== undefined) this.batch.productNames.set(sku, name);
    }
  }

  /**
   * A known order now names a customer of another account: it moves there, both timelines say so, and the
   * recording's summary lists it. (Another e-mail of the same account, such as one merged into it, is no change.)
   */
  private noteCustomerChange(stored: StoredIdentity, incoming: PreparedOrder, accountId: number): void {
    this.counts.customersChanged++;
    if (this.customerChanges.length < REPORTED_CUSTOMER_CHANGES) {
      // An order staff matched by hand came without an e-mail: it has none to report.
      this.customerChanges.push({ orderNumber: incoming.orderNumber, store: incoming.store ?? stored.store, from: stored.customerEmail || "(no e-mail)", to: incoming.customerEmail });
    }
    this.batch.customerMoves.push({ orderNumber: incoming.orderNumber, fromAccountId: stored.accountId, toAccountId: accountId, from: stored.customerEmail, to: incoming.customerEmail });
  }

  private touch(accountId: number): void {
    this.touchedAccounts.add(accountId);
    this.batch.touched.add(accountId);
  }

  private changesOf(accountId: number) {
    this.batch.changed.add(accountId);
    let changes = this.changesByAccount.get(accountId);
    if (!changes) this.changesByAccount.set(accountId, (changes = { created: 0, updated: 0 }));
    return changes;
  }

  /** The batch's closing work, in its transaction, before the caller commits it. */
  closeBatch(onStep: (step: ClosingStep) => void = ignoreStep): void {
    const now = new Date(this.now);
    const touched = this.batch.touched;
    // Orders first on the timelines, then any list move they cause.
    onStep("writing timelines");
    this.recordDeliveries();
    this.recordProductNames();
    const ordersWritten = this.counts.ordersCreated + this.counts.ordersUpdated;
    announceChange(this.db, {
      type: "orders_recorded",
      accountIds: [...touched],
      orders: ordersWritten - this.ordersAnnounced,
      // Only a recording that goes on after this batch has a line per account to bring up to date.
      recording: this.options.inOneTransaction ? undefined : this,
      actor: this.actor,
      at: now,
      timeline: [...this.ordersLines(), ...this.orderEventLines()],
    });
    this.ordersAnnounced = ordersWritten;
    // The recount reads orders through their (account, placed at) index, so that comes back first; the
    // accounts' own indexes come back after the recount has rewritten the statistics they cover.
    if (this.bulkLoad) onStep("building order indexes");
    this.bulkLoad?.rebuildIndexes(["orders"]);
    onStep("recounting account statistics");
    recomputeAccountStats(this.db, touched, { now, actor: this.actor, createdIds: this.createdAccounts, heavyWorkLater: !this.options.inOneTransaction });
    if (this.bulkLoad) onStep("building account indexes");
    this.bulkLoad?.rebuildIndexes();
    this.bulkLoad = undefined;
    onStep("committing");
    this.insertedIds.at(-1)!.upTo = this.sqlite.query<{ id: number | null }, []>("SELECT max(id) AS id FROM orders").get()?.id ?? 0;
    this.dataVersionAfterLastBatch = this.dataVersion();
  }

  /** How many accounts the batch's closing work will cover so far. */
  get accountsTouchedInBatch(): number {
    return this.batch.touched.size;
  }

  /** What the recording did over all its batches so far. */
  summary(): OrderRecordingSummary {
    let accountsUpdated = 0;
    for (const id of this.touchedAccounts) if (!this.createdAccounts.has(id) || this.createdEarlier.has(id)) accountsUpdated++;
    const accountsCreated = this.createdAccounts.size - this.createdEarlier.size;
    return { ...this.counts, customerChanges: [...this.customerChanges], accountsCreated, accountsUpdated };
  }

  private accountFor(order: PreparedOrder): number {
    const email = order.customerEmail;
    const cached = this.accountIdByEmail.get(email);
    if (cached !== undefined) return cached;
    const id = this.statements.findAccountByEmail.get(email)?.id ?? this.createAccount(email, order.customer);
    // A copy, not the caller's string: that may be a slice keeping a much larger text alive.
    this.accountIdByEmail.set(Buffer.from(email).toString(), id);
    return id;
  }

  /** A customer seen for the first time: named after the ship-to company or person, with them as primary contact. */
  private createAccount(email: string, customer: CustomerDetails): number {
    const name = customer.company?.trim() || customer.name?.trim() || email;
    const phone = canonicalPhone(customer.phone);
    // run() and lastInsertRowid rather than RETURNING: bun:sqlite makes RETURNING several times slower per row.
    const accountId = Number(this.statements.insertAccount.run(name, email, accountDomainForEmail(email), phone, this.now, this.now).lastInsertRowid);
    this.createdAccounts.add(accountId);
    this.batch.created.add(accountId);
    const contactName = customer.name?.trim();
    if (contactName) {
      const { firstName, lastName } = splitPersonName(contactName);
      this.statements.insertPrimaryContact.run(accountId, firstName, lastName, email, phone, this.now, this.now);
    }
    return accountId;
  }

  /**
   * One timeline entry per account whose orders changed, counting everything this recording did for it:
   * written in one statement, and brought up to date by later batches rather than repeated, so that an
   * import tells its story once on each timeline however many batches it took.
   */
  private ordersLines(): TimelineLine[] {
    const received = this.source === "shipstation";
    const createdFrom = received ? "Created from ShipStation" : CREATED_FROM_CSV_IMPORT;
    const kind = received ? "orders_received" : "orders_imported";
    return [...this.batch.changed].map((accountId) => {
      const { created, updated } = this.changesByAccount.get(accountId)!;
      const orders = `${created + updated} order${created + updated === 1 ? "" : "s"}`;
      const summary = this.createdAccounts.has(accountId)
        ? `${createdFrom} with ${orders}`
        : `${orders} ${received ? "received from ShipStation" : "imported"} (${created} new, ${updated} updated)`;
      return { accountId, kind, summary };
    });
  }

  /**
   * A timeline line for each order whose status changed (its history) and, on both accounts, for each
   * order that moved to another customer.
   */
  private orderEventLines(): TimelineLine[] {
    const lines: TimelineLine[] = [];
    for (const change of this.batch.statusChanges) {
      lines.push({ accountId: change.accountId, kind: "order_status_changed", summary: `${orderName(change.orderNumber)}: ${statusLabel(change.from)} → ${statusLabel(change.to)}` });
    }
    for (const move of this.batch.customerMoves) {
      lines.push({ accountId: move.fromAccountId, kind: "order_customer_changed", summary: `${orderName(move.orderNumber)} now names another customer (${move.to}) and moved to that account` });
      const from = move.from === "" ? "the account it was matched to by hand, as it came without an e-mail" : `${move.from}, the customer it named before`;
      lines.push({ accountId: move.toAccountId, kind: "order_customer_changed", summary: `${orderName(move.orderNumber)} moved here from ${from}` });
    }
    for (const match of this.batch.matches) {
      const how = match.matchedBy === null ? "by its customer e-mail, which a later delivery gave" : `by ${match.matchedBy}`;
      lines.push({ accountId: match.accountId, kind: "order_customer_changed", summary: `${orderName(match.orderNumber)}, which came without a customer e-mail, matched to this account ${how}` });
    }
    return lines;
  }

  /** How the batch's orders arrived: a row per order and route, its label and last time brought up to date. */
  private recordDeliveries(): void {
    if (!this.options.delivery) return;
    const { route, label } = this.options.delivery;
    const created = this.insertedIds.at(-1)!;
    this.sqlite.run(
      `INSERT INTO order_deliveries (order_id, route, label, first_at, last_at) SELECT id, ?1, ?2, ?3, ?3 FROM orders WHERE id > ?4
       ON CONFLICT (order_id, route) DO UPDATE SET label = excluded.label, last_at = excluded.last_at`,
      [route, label, this.now, created.after],
    );
    if (this.batch.updatedOrders.length === 0) return;
    this.sqlite.run(
      `INSERT INTO order_deliveries (order_id, route, label, first_at, last_at) SELECT value, ?1, ?2, ?3, ?3 FROM json_each(?4) WHERE true
       ON CONFLICT (order_id, route) DO UPDATE SET label = excluded.label, last_at = excluded.last_at`,
      [route, label, this.now, JSON.stringify(this.batch.updatedOrders)],
    );
  }

  private recordProductNames(): void {
    if (this.batch.productNames.size === 0) return;
    this.sqlite.run(
      `INSERT INTO product_names (sku, name) SELECT value ->> 0, value ->> 1 FROM json_each(?) WHERE true
       ON CONFLICT (sku) DO UPDATE SET name = excluded.name WHERE name <> excluded.name`,
      [JSON.stringify([...this.batch.productNames])],
    );
  }
}

/** What one batch changed: the closing work covers these accounts. */
class BatchChanges {
  readonly touched = new Set<number>();
  readonly created = new Set<number>();
  /** Accounts that gained or changed orders (an account an order left is touched, not changed). */
  readonly changed = new Set<number>();
  /** Stored orders the batch rewrote; the orders it created are the batch's range of ids. */
  readonly updatedOrders: number[] = [];
  readonly statusChanges: { accountId: number; orderNumber: string | null; from: OrderStatus | null; to: OrderStatus }[] = [];
  readonly customerMoves: { orderNumber: string | null; fromAccountId: number; toAccountId: number; from: string; to: string }[] = [];
  /** Unmatched orders that moved into an account: by a delivery naming the customer (matchedBy null), or by staff. */
  readonly matches: { accountId: number; orderNumber: string | null; matchedBy: string | null }[] = [];
  /** The name each SKU was last given in the batch's order lines. */
  readonly productNames = new Map<string, string>();
}

/** An order's name on a timeline. */
function orderName(orderNumber: string | null): string {
  return orderNumber ? `Order #${orderNumber}` : "An order without a number";
}

function statusLabel(status: OrderStatus | null): string {
  return status === null ? "no status" : ORDER_STATUS_LABELS[status];
}

/** What identifies a stored order, and what its recording compares. */
interface StoredIdentity extends OrderIdentity {
  id: number;
  accountId: number;
  contentHash: string;
  status: OrderStatus | null;
}

/** One way an unmatched order arrived, as unmatched_orders.deliveries keeps it (order_deliveries' columns). */
interface StoredDelivery {
  route: OrderRoute;
  label: string;
  firstAt: number;
  lastAt: number;
}

function withDelivery(deliveries: StoredDelivery[], { route, label }: OrderDelivery, now: number): StoredDelivery[] {
  const known = deliveries.find((delivery) => delivery.route === route);
  if (!known) return [...deliveries, { route, label, firstAt: now, lastAt: now }];
  return deliveries.map((delivery) => (delivery === known ? { ...delivery, label, lastAt: now } : delivery));
}

/** An unmatched order as its identity and recording read it (customerEmail is always ''). */
interface WaitingOrder extends OrderIdentity {
  id: number;
  source: OrderSource;
  externalId: string;
  orderNumber: string | null;
  status: OrderStatus | null;
  placedAt: number;
  totalCents: number | null;
  raw: string;
  contentHash: string;
  deliveries: string;
}

interface RecordingStatements {
  findByShipStationId: Statement<StoredIdentity, [number]>;
  findByNumber: Statement<StoredIdentity, [string]>;
  findUnnumbered: Statement<StoredIdentity, [string, string]>;
  findOrderRaw: Statement<{ raw: string }, [number]>;
  insertLine: Statement<unknown, [number, number, string, number, number]>;
  deleteLines: Statement<unknown, [number]>;
  insertOrder: Statement<
    unknown,
    [string, string, number, string | null, string | null, number | null, string, OrderStatus | null, number, number | null, Uint8Array, string, number]
  >;
  updateOrder: Statement<
    unknown,
    [number, string | null, string | null, number | null, string, OrderStatus | null, number, number | null, Uint8Array, string, number, number, number]
  >;
  findAccountByEmail: Statement<{ id: number }, [string]>;
  insertAccount: Statement<unknown, [string, string, string | null, string | null, number, number]>;
  insertPrimaryContact: Statement<unknown, [number, string, string, string, string | null, number, number]>;
  anyUnmatched: Statement<{ found: number }, []>;
  findUnmatchedById: Statement<WaitingOrder, [number]>;
  findUnmatchedByShipStationId: Statement<WaitingOrder, [number]>;
  findUnmatchedByNumber: Statement<WaitingOrder, [string]>;
  findUnmatchedUnnumbered: Statement<WaitingOrder, [string, string]>;
  insertUnmatched: Statement<
    unknown,
    [string, string, string | null, string | null, number | null, OrderStatus | null, number, number | null, Uint8Array, string, string, number]
  >;
  updateUnmatched: Statement<
    unknown,
    [string | null, string | null, number | null, OrderStatus | null, number, number | null, Uint8Array, string, string, number, number, number]
  >;
  updateUnmatchedDeliveries: Statement<unknown, [string, number]>;
  deleteUnmatched: Statement<unknown, [number]>;
  insertDeliveries: Statement<unknown, [number, string]>;
}

/**
 * The row of a table of orders (stored or unmatched) a delivery is, by the identity rules of
 * order-identity.ts: ShipStation's order id where both know it, else the order number (or, without one,
 * the source's own id).
 */
function findByIdentity<Row extends OrderIdentity>(
  order: PreparedOrder,
  lookups: { byShipStationId: Statement<Row, [number]>; unnumbered: Statement<Row, [string, string]>; byNumber: Statement<Row, [string]> },
): Row | undefined {
  if (order.shipstationOrderId !== null) {
    const known = lookups.byShipStationId.get(order.shipstationOrderId);
    if (known) return known;
  }
  if (order.orderNumber === null) return lookups.unnumbered.get(order.source, order.externalId) ?? undefined;
  return findSameOrder(order, lookups.byNumber.all(order.orderNumber));
}

const WAITING_ORDER = `id, source, external_id AS externalId, order_number AS orderNumber, store, shipstation_order_id AS shipstationOrderId,
  '' AS customerEmail, status, placed_at AS placedAt, total_cents AS totalCents, raw, content_hash AS contentHash, deliveries`;

const STORED_IDENTITY = `id, account_id AS accountId, content_hash AS contentHash, customer_email AS customerEmail, store,
  shipstation_order_id AS shipstationOrderId, status`;

/** raw arrives as UTF-8 bytes, which bind as a blob: CAST stores them as the JSON text they are. */
function prepareStatements(sqlite: Database): RecordingStatements {
  return {
    // Without raw, which only an order continued from earlier rows needs: most lookups would copy it for nothing.
    findByShipStationId: sqlite.prepare(`SELECT ${STORED_IDENTITY} FROM orders WHERE shipstation_order_id = ?`),
    findByNumber: sqlite.prepare(`SELECT ${STORED_IDENTITY} FROM orders WHERE order_number = ?`),
    findUnnumbered: sqlite.prepare(`SELECT ${STORED_IDENTITY} FROM orders WHERE source = ? AND external_id = ? AND order_number IS NULL`),
    findOrderRaw: sqlite.prepare("SELECT raw FROM orders WHERE id = ?"),
    insertLine: sqlite.prepare("INSERT INTO order_lines (order_id, line, sku, quantity, revenue_cents) VALUES (?, ?, ?, ?, ?)"),
    deleteLines: sqlite.prepare("DELETE FROM order_lines WHERE order_id = ?"),
    insertOrder: sqlite.prepare(
      `INSERT INTO orders (source, external_id, account_id, order_number, store, shipstation_order_id, customer_email, status, placed_at, total_cents, raw, content_hash, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, CAST(?11 AS TEXT), ?12, ?13, ?13)`,
    ),
    // A source that does not name the store, ShipStation's id, the status or the total leaves what another
    // one said, and one that knows only when the order was created (?13) the date it was placed.
    updateOrder: sqlite.prepare(
      `UPDATE orders SET account_id = ?1, order_number = ?2, store = coalesce(?3, store), shipstation_order_id = coalesce(?4, shipstation_order_id),
         customer_email = coalesce(nullif(?5, ''), customer_email), status = coalesce(?6, status), placed_at = iif(?13, placed_at, ?7),
         total_cents = coalesce(?8, total_cents), raw = CAST(?9 AS TEXT), content_hash = ?10, updated_at = ?11
       WHERE id = ?12`,
    ),
    // An e-mail of an account merged away leads to the account that absorbed it.
    findAccountByEmail: sqlite.prepare(ACCOUNT_ID_FOR_EMAIL_SQL),
    insertAccount: sqlite.prepare(
      "INSERT INTO accounts (name, email, domain, phone, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
    ),
    insertPrimaryContact: sqlite.prepare(
      `INSERT INTO contacts (account_id, first_name, last_name, email, phone, is_primary, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6, ?7)`,
    ),
    anyUnmatched: sqlite.prepare("SELECT 1 AS found FROM unmatched_orders LIMIT 1"),
    findUnmatchedById: sqlite.prepare(`SELECT ${WAITING_ORDER} FROM unmatched_orders WHERE id = ?`),
    findUnmatchedByShipStationId: sqlite.prepare(`SELECT ${WAITING_ORDER} FROM unmatched_orders WHERE shipstation_order_id = ?`),
    findUnmatchedByNumber: sqlite.prepare(`SELECT ${WAITING_ORDER} FROM unmatched_orders WHERE order_number = ?`),
    findUnmatchedUnnumbered: sqlite.prepare(`SELECT ${WAITING_ORDER} FROM unmatched_orders WHERE source = ? AND external_id = ? AND order_number IS NULL`),
    insertUnmatched: sqlite.prepare(
      `INSERT INTO unmatched_orders (source, external_id, order_number, store, shipstation_order_id, status, placed_at, total_cents, raw, content_hash, deliveries, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, CAST(?9 AS TEXT), ?10, ?11, ?12, ?12)`,
    ),
    // As for orders: what a source does not say leaves what another one said.
    updateUnmatched: sqlite.prepare(
      `UPDATE unmatched_orders SET order_number = ?1, store = coalesce(?2, store), shipstation_order_id = coalesce(?3, shipstation_order_id),
         status = coalesce(?4, status), placed_at = iif(?12, placed_at, ?5), total_cents = coalesce(?6, total_cents), raw = CAST(?7 AS TEXT),
         content_hash = ?8, deliveries = ?9, updated_at = ?10
       WHERE id = ?11`,
    ),
    updateUnmatchedDeliveries: sqlite.prepare("UPDATE unmatched_orders SET deliveries = ? WHERE id = ?"),
    deleteUnmatched: sqlite.prepare("DELETE FROM unmatched_orders WHERE id = ?"),
    insertDeliveries: sqlite.prepare(
      `INSERT INTO order_deliveries (order_id, route, label, first_at, last_at)
       SELECT ?1, value ->> 'route', value ->> 'label', value ->> 'firstAt', value ->> 'lastAt' FROM json_each(?2) WHERE true
       ON CONFLICT (order_id, route) DO NOTHING`,
    ),
  };
}
