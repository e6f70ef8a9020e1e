import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { USER_ROLES } from "../../contracts/auth.ts";
import { BACKFILL_STATES, BACKFILL_TRIGGERS } from "../../contracts/backfill.ts";
import type { CustomerChange } from "../../contracts/imports.ts";
import { NOT_COUNTED_ORDER_STATUSES, ORDER_ROUTES, ORDER_SOURCES, ORDER_STATUSES } from "../../contracts/orders.ts";
import { TASK_SOURCES, TASK_STATUSES } from "../../contracts/tasks.ts";
import { MAIL_MATCHES, MAIL_PARTICIPANT_ROLES, MAIL_VISIBILITIES, MAILBOX_SOURCES } from "../../contracts/mail.ts";

/** Staff who sign in to the dashboard. */
export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  role: text("role", { enum: USER_ROLES }).notNull(),
  passwordHash: text("password_hash").notNull(),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  /**
   * The password was generated and handed over (first start, an invitation, a reset): somebody else has seen
   * it, so the user may do nothing but choose their own until they have.
   */
  mustChangePassword: integer("must_change_password", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** A signed-in browser. Only the SHA-256 of the cookie token is kept, so a leaked database opens no sessions. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** The browser's User-Agent and the network address at sign-in, so the user can tell their sessions apart; null for older sessions. */
    browser: text("browser"),
    clientAddress: text("client_address"),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId), index("sessions_expires_at_idx").on(table.expiresAt)],
);

/** Failed sign-ins, kept as long as they count against sign-in (src/core/auth/sign-in.ts). */
export const loginFailures = sqliteTable(
  "login_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    clientAddress: text("client_address").notNull(),
    /** The known device the attempt came from (src/core/auth/known-devices.ts); null from anywhere else. */
    device: text("device"),
    failedAt: integer("failed_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    // Failures for one e-mail whatever the address (a botnet guessing one password).
    index("login_failures_email_idx").on(table.email, table.failedAt),
    // Failures from one address whatever the e-mail (spraying).
    index("login_failures_address_idx").on(table.clientAddress, table.failedAt),
    index("login_failures_device_idx").on(table.device, table.failedAt),
    // The purge of those that no longer count.
    index("login_failures_failed_at_idx").on(table.failedAt),
  ],
);

/**
 * Links that let a user choose their password without signing in: a "Forgot password?" e-mail or an
 * invitation (src/core/auth/password-links.ts). The link carries the row's id and a secret; only the
 * secret's SHA-256 is kept, so a leaked database opens no link. A link works once, until it expires.
 */
export const passwordLinks = sqliteTable(
  "password_links",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    secretHash: text("secret_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["reset", "invitation"] }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("password_links_user_id_idx").on(table.userId)],
);

/** "Forgot password?" requests, kept as long as they count against asking again (src/core/auth/password-reset.ts). */
export const passwordResetRequests = sqliteTable(
  "password_reset_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    clientAddress: text("client_address").notNull(),
    requestedAt: integer("requested_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("password_reset_requests_email_idx").on(table.email, table.requestedAt),
    index("password_reset_requests_address_idx").on(table.clientAddress, table.requestedAt),
    index("password_reset_requests_requested_at_idx").on(table.requestedAt),
  ],
);

/** Key-value settings that staff change at run time (branding, integrations, automation). */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`),
});

/**
 * A customer: one per e-mail address. The order statistics are derived from `orders` and rewritten in
 * the same transaction as any order change, so list screens can sort and filter on them with indexes.
 */
export const accounts = sqliteTable(
  "accounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    /** Lower-cased; the key orders are matched by. Accounts added by hand may have none. */
    email: text("email").unique(),
    domain: text("domain"),
    phone: text("phone"),
    listType: text("list_type").notNull().default("new"),
    /**
     * Staff chose the list: the activity rules (New, Active, Legacy by order dates) leave the account where
     * it is until staff choose "Automatic" again. Accounts in custom lists are always pinned.
     */
    listPinned: integer("list_pinned", { mode: "boolean" }).notNull().default(false),
    /**
     * Customer since: for an account created from orders, its first order's date (kept so by every recount);
     * for one added by hand, the moment it was added.
     */
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** Added by staff rather than created from a customer's orders: "customer since" is then when it was added. */
    addedByHand: integer("added_by_hand", { mode: "boolean" }).notNull().default(false),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    orderCount: integer("order_count").notNull().default(0),
    totalOrderCents: integer("total_order_cents").notNull().default(0),
    firstOrderAt: integer("first_order_at", { mode: "timestamp_ms" }),
    lastOrderAt: integer("last_order_at", { mode: "timestamp_ms" }),
    /**
     * Where the latest order was shipped, as the source wrote it: its street line and postal code, kept by the
     * same recount as the statistics, so that duplicate detection compares addresses without reading orders.
     */
    shipToStreet: text("ship_to_street"),
    shipToPostalCode: text("ship_to_postal_code"),
    /** The user who looks after the account: the one its welcome task went to, or whom staff chose. */
    ownerUserId: integer("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The ordering rhythm, once orders fall on three distinct New York days (null before): the median gap
     * in days between consecutive order days, the last order day, and the days (business day numbers, see
     * purchaseDays) from which it is expected, due, at risk and lapsed. Kept by the same recount as the
     * statistics, so that a band is a range over an index whatever today is.
     */
    rhythmGapDays: real("rhythm_gap_days"),
    rhythmLastDay: integer("rhythm_last_day"),
    rhythmExpectedDay: integer("rhythm_expected_day"),
    rhythmDueDay: integer("rhythm_due_day"),
    rhythmAtRiskDay: integer("rhythm_at_risk_day"),
    rhythmLapsedDay: integer("rhythm_lapsed_day"),
  },
  (table) => [
    index("accounts_owner_user_id_idx").on(table.ownerUserId),
    index("accounts_name_idx").on(sql`${table.name} COLLATE NOCASE`, table.id),
    index("accounts_domain_idx").on(table.domain),
    index("accounts_created_at_idx").on(table.createdAt),
    index("accounts_last_order_at_idx").on(table.lastOrderAt, table.id),
    index("accounts_order_count_idx").on(table.orderCount, table.id),
    index("accounts_total_order_cents_idx").on(table.totalOrderCents, table.id),
    // Covers the lists summary (count, value, last order per list, filtered by first order date) without the table.
    index("accounts_list_summary_idx").on(table.listType, table.firstOrderAt, table.totalOrderCents, table.lastOrderAt),
    // Due is [due day, at-risk day), at risk [at-risk day, lapsed day), lapsed from the lapsed day on: each
    // band is a range of one index whose second column settles the other end, and which holds what the
    // radar sorts by, so that a page of a band of tens of thousands is found without reading the table.
    index("accounts_rhythm_at_risk_idx").on(table.rhythmAtRiskDay, table.rhythmDueDay, ...rhythmSortColumns(table)),
    index("accounts_rhythm_lapsed_idx").on(table.rhythmLapsedDay, table.rhythmAtRiskDay, ...rhythmSortColumns(table)),
  ],
);

/** What the reorder radar sorts a band by, besides the name. */
function rhythmSortColumns(table: { rhythmExpectedDay: AnySQLiteColumn; rhythmLastDay: AnySQLiteColumn; rhythmGapDays: AnySQLiteColumn; orderCount: AnySQLiteColumn; totalOrderCents: AnySQLiteColumn }) {
  return [table.rhythmExpectedDay, table.rhythmLastDay, table.rhythmGapDays, table.orderCount, table.totalOrderCents] as const;
}

export const contacts = sqliteTable(
  "contacts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    email: text("email"),
    phone: text("phone"),
    title: text("title"),
    isPrimary: integer("is_primary", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("contacts_account_id_idx").on(table.accountId, table.isPrimary), index("contacts_email_idx").on(table.email)],
);

/**
 * An order from any source. (source, external id) is the order's identity: seeing it again updates it.
 * `contentHash` fingerprints what was written, so an unchanged order seen again costs no write.
 */
export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The source that first delivered the order, and its id there (for an order without a number, its identity). */
    source: text("source", { enum: ORDER_SOURCES }).notNull(),
    externalId: text("external_id").notNull(),
    orderNumber: text("order_number"),
    /** The store it was sold in, as ShipStation names it; null until a source names it. */
    store: text("store"),
    /** ShipStation's own id of the order, once its API delivered it. */
    shipstationOrderId: integer("shipstation_order_id"),
    /** The customer e-mail the latest source gave: a later source naming another is a change of customer. */
    customerEmail: text("customer_email").notNull().default(""),
    status: text("status", { enum: ORDER_STATUSES }),
    /** The one definition of an order that counts (contracts/orders.ts: NOT_COUNTED_ORDER_STATUSES), kept by SQLite itself. */
    counts: integer("counts", { mode: "boolean" })
      .notNull()
      .generatedAlwaysAs(sql`(status IS NULL OR status NOT IN (${sql.raw(NOT_COUNTED_ORDER_STATUSES.map((status) => `'${status}'`).join(", "))}))`, { mode: "virtual" }),
    placedAt: integer("placed_at", { mode: "timestamp_ms" }).notNull(),
    totalCents: integer("total_cents"),
    /** JSON: shipTo, items and every other recognised field of the source. */
    raw: text("raw").notNull(),
    contentHash: text("content_hash").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    // An order's identity (core/orders/order-identity.ts): its ShipStation id, else its number (with store
    // and customer), else for an order without a number its first source's id.
    uniqueIndex("orders_shipstation_order_id_idx").on(table.shipstationOrderId).where(sql`${table.shipstationOrderId} IS NOT NULL`),
    index("orders_order_number_idx").on(table.orderNumber),
    index("orders_unnumbered_idx").on(table.source, table.externalId).where(sql`${table.orderNumber} IS NULL`),
    // Covers the statistics recount of the orders that count (count, sum, min, max per account) without the
    // table; an account's own orders, a few hundred at most, are listed through it too.
    index("orders_account_counted_idx").on(table.accountId, table.counts, table.placedAt, table.totalCents),
    // E-mail received is matched to accounts by the customer e-mails their orders name (core/mail/match-accounts.ts).
    index("orders_customer_email_idx").on(table.customerEmail),
  ],
);

/**
 * Orders that arrived without a customer e-mail (ShipStation's API may send one so), which belong to no
 * account yet and count in no figure: kept apart from `orders`, whose every reader then stays as it was,
 * until staff match one to an account or a later delivery of it names its customer (record-orders.ts).
 * They are recognised by the same identity as orders (order-identity.ts), and move into `orders` when matched.
 */
export const unmatchedOrders = sqliteTable(
  "unmatched_orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    source: text("source", { enum: ORDER_SOURCES }).notNull(),
    externalId: text("external_id").notNull(),
    orderNumber: text("order_number"),
    store: text("store"),
    shipstationOrderId: integer("shipstation_order_id"),
    status: text("status", { enum: ORDER_STATUSES }),
    placedAt: integer("placed_at", { mode: "timestamp_ms" }).notNull(),
    totalCents: integer("total_cents"),
    /** JSON, as orders.raw. */
    raw: text("raw").notNull(),
    contentHash: text("content_hash").notNull(),
    /** JSON: each way it arrived, as order_deliveries keeps them for orders ({route, label, firstAt, lastAt}). */
    deliveries: text("deliveries").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    uniqueIndex("unmatched_orders_shipstation_order_id_idx").on(table.shipstationOrderId).where(sql`${table.shipstationOrderId} IS NOT NULL`),
    index("unmatched_orders_order_number_idx").on(table.orderNumber),
    index("unmatched_orders_unnumbered_idx").on(table.source, table.externalId).where(sql`${table.orderNumber} IS NULL`),
    // The list staff page through, newest first.
    index("unmatched_orders_placed_at_idx").on(table.placedAt),
  ],
);

/** Each way an order reached the CRM (a CSV import, the webhook, a backfill), with when it first and last did. */
export const orderDeliveries = sqliteTable(
  "order_deliveries",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    route: text("route", { enum: ORDER_ROUTES }).notNull(),
    /** 'CSV import of orders.csv', 'ShipStation webhook', 'ShipStation backfill' */
    label: text("label").notNull(),
    firstAt: integer("first_at", { mode: "timestamp_ms" }).notNull(),
    lastAt: integer("last_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.route] })],
);

/**
 * The lines of each order with a SKU, as orders.raw lists them: written by the order writer with the order
 * (record-orders.ts, by the rule of linesOf in prepared-order.ts), so that analytics read an account's
 * products through an index rather than parsing its orders. Revenue is quantity × unit price; a line
 * without a quantity is one unit.
 */
export const orderLines = sqliteTable(
  "order_lines",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    line: integer("line").notNull(),
    sku: text("sku").notNull(),
    quantity: integer("quantity").notNull(),
    revenueCents: integer("revenue_cents").notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.line] })],
);

/** A file staff upload for import, between the signed upload URL being issued and the import that consumes it. */
export const uploads = sqliteTable("uploads", {
  id: text("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }),
  byteSize: integer("byte_size"),
  /**
   * Set when the file was imported and its skipped rows are kept for the dashboard's download: the file
   * itself is gone, and the skipped rows go when the upload would have expired (uploads.ts).
   */
  processedAt: integer("processed_at", { mode: "timestamp_ms" }),
});

/**
 * The column map staff last imported a file of this header with (core/import/column-maps.ts), so that the
 * next export of the same shape maps itself. One for everybody: a header is the shape of what a source
 * system writes, not of who uploads it.
 */
export const importColumnMaps = sqliteTable("import_column_maps", {
  /** SHA-256 of the header's cells, trimmed, in order. */
  headerSignature: text("header_signature").primaryKey(),
  /** JSON: each CRM column's header in the file. */
  columnMap: text("column_map").notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});

export const notes = sqliteTable(
  "notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    title: text("title"),
    content: text("content").notNull(),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("notes_account_created_at_idx").on(table.accountId, table.createdAt)],
);

/**
 * The timeline of an account: what changed, who did it and when, plus calls, e-mails and meetings
 * staff log by hand. `actorName` is kept as it was then, so the timeline survives a user's removal.
 */
export const activities = sqliteTable(
  "activities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    summary: text("summary").notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    occurredAt: integer("occurred_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("activities_account_occurred_at_idx").on(table.accountId, table.occurredAt, table.id)],
);

/** The lists accounts are sorted into: the built-in New, Active and Legacy, and lists staff create. */
export const lists = sqliteTable("lists", {
  key: text("key").primaryKey(),
  name: text("name").notNull(),
  description: text("description"),
  builtIn: integer("built_in", { mode: "boolean" }).notNull().default(false),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
}, (table) => [uniqueIndex("lists_name_unique").on(sql`${table.name} COLLATE NOCASE`)]);

/**
 * A ShipStation webhook call, stored as it arrived before it is answered, so that nothing is lost: a
 * background worker fetches its orders, retrying with backoff, and resumes pending ones after a restart.
 */
export const webhookEvents = sqliteTable(
  "webhook_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The delivery's number in the server's intake file (webhook-intake.ts): unique, so a delivery moved twice is stored once. */
    intakeId: integer("intake_id"),
    resourceUrl: text("resource_url").notNull(),
    resourceType: text("resource_type").notNull(),
    state: text("state", { enum: ["pending", "done", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }).notNull(),
    lastError: text("last_error"),
    ordersCreated: integer("orders_created").notNull().default(0),
    ordersUpdated: integer("orders_updated").notNull().default(0),
    receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("webhook_events_due_idx").on(table.state, table.nextAttemptAt), uniqueIndex("webhook_events_intake_id_unique").on(table.intakeId)],
);

/** Backfills from ShipStation's API: the running one holds the lock (with a heartbeat), past ones report. */
export const backfillRuns = sqliteTable(
  "backfill_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    days: integer("days").notNull(),
    state: text("state", { enum: BACKFILL_STATES }).notNull(),
    trigger: text("trigger", { enum: BACKFILL_TRIGGERS }).notNull(),
    pages: integer("pages").notNull().default(0),
    ordersCreated: integer("orders_created").notNull().default(0),
    ordersUpdated: integer("orders_updated").notNull().default(0),
    accountsCreated: integer("accounts_created").notNull().default(0),
    /** Orders without a customer e-mail, kept among the unmatched orders. */
    ordersUnmatched: integer("orders_unmatched").notNull().default(0),
    error: text("error"),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    heartbeatAt: integer("heartbeat_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("backfill_runs_state_idx").on(table.state, table.startedAt)],
);

/** Follow-up work: staff create tasks by hand, and task automation creates welcome and new-contact tasks. */
export const tasks = sqliteTable(
  "tasks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    title: text("title").notNull(),
    notes: text("notes"),
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    assigneeId: integer("assignee_id")
      .notNull()
      .references(() => users.id),
    /** A calendar date in America/New_York, YYYY-MM-DD: "due today" means today there. */
    dueDate: text("due_date").notNull(),
    status: text("status", { enum: TASK_STATUSES }).notNull().default("open"),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
    createdByUserId: integer("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    source: text("source", { enum: TASK_SOURCES }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("tasks_assignee_status_due_idx").on(table.assigneeId, table.status, table.dueDate),
    index("tasks_account_status_due_idx").on(table.accountId, table.status, table.dueDate),
    index("tasks_status_due_idx").on(table.status, table.dueDate),
  ],
);

/**
 * Two accounts that may be one customer, stored once with the lower id first. A pair staff dismiss
 * stays, marked, so that it is never flagged again.
 */
export const duplicatePairs = sqliteTable(
  "duplicate_pairs",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    otherAccountId: integer("other_account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    /** JSON array of the rules that matched, e.g. ["same domain", "similar name (92%)"]. */
    reasons: text("reasons").notNull(),
    state: text("state", { enum: ["open", "dismissed"] }).notNull().default("open"),
    detectedAt: integer("detected_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.otherAccountId] }),
    index("duplicate_pairs_other_idx").on(table.otherAccountId, table.state),
    index("duplicate_pairs_state_idx").on(table.state, table.accountId),
  ],
);

/** E-mails of accounts merged away, kept so that their later orders land on the account that absorbed them. */
export const accountAliases = sqliteTable(
  "account_aliases",
  {
    email: text("email").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("account_aliases_account_idx").on(table.accountId)],
);

/**
 * Every import of order exports, from the command line or an upload: its files, how far it got and how it
 * ended. A run still marked running whose process is gone was killed (import-history.ts reads it as
 * interrupted), which is why the host and process id are kept.
 */
export const importRuns = sqliteTable(
  "import_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** JSON array of the files' names as given. */
    files: text("files").notNull(),
    state: text("state", { enum: ["running", "completed", "failed", "interrupted"] }).notNull(),
    host: text("host").notNull(),
    pid: integer("pid").notNull(),
    /** Transactions committed: 1 for an import written all at once. */
    batches: integer("batches").notNull().default(0),
    rowsRead: integer("rows_read").notNull().default(0),
    rowsSkipped: integer("rows_skipped").notNull().default(0),
    ordersCreated: integer("orders_created").notNull().default(0),
    ordersUpdated: integer("orders_updated").notNull().default(0),
    accountsCreated: integer("accounts_created").notNull().default(0),
    /** The interrupted run of the same files this one completes: the history times the import from the first start. */
    resumesRunId: integer("resumes_run_id"),
    /** Known orders the run moved to another customer, and the first of them (JSON: contracts/imports.ts CustomerChange[]). */
    customersChanged: integer("customers_changed").notNull().default(0),
    customerChanges: text("customer_changes", { mode: "json" }).$type<CustomerChange[]>().notNull().default([]),
    error: text("error"),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    /** Moved by every committed batch, so a run on another host can be told alive or dead. */
    heartbeatAt: integer("heartbeat_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("import_runs_state_idx").on(table.state, table.startedAt)],
);

/** The shortest gap, in days, that purchase_days_long_gap_idx holds. */
export const LONG_GAP_MIN_DAYS = 90;

/**
 * What analytics count, kept by the recount of every account whose orders change: one row per account,
 * subject and New York calendar day with a purchase. The subject is '' for orders (quantity counts orders)
 * or a SKU (quantity counts units). Days are business day numbers: days since 1970-01-01 on New York's
 * calendar; months are months since January 1970. Each row knows its neighbours, so that "accounts that
 * bought in a range" is a count of rows rather than a distinct count: an account's first row in the range
 * is the one whose previous day is before it.
 */
export const purchaseDays = sqliteTable(
  "purchase_days",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    day: integer("day").notNull(),
    month: integer("month").notNull(),
    quantity: integer("quantity").notNull(),
    revenueCents: integer("revenue_cents").notNull(),
    prevDay: integer("prev_day"),
    nextDay: integer("next_day"),
    /** day - prev_day: a row whose gap is longer than a range and straddles it is an account that skipped the range. */
    gap: integer("gap"),
    /** The month of the account's first purchase of the subject: its cohort. */
    firstMonth: integer("first_month").notNull(),
    /** 1 on the account's first purchase day of the subject in its month. */
    monthFirst: integer("month_first").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.subject, table.day] }),
    index("purchase_days_subject_day_idx").on(table.subject, table.day, table.prevDay),
    // Long gaps only: the count around a range reads gaps longer than the range (distinct-buyers.ts), and a
    // range shorter than this is counted inside it. A quarter of all gaps, so a quarter of the index upkeep.
    index("purchase_days_long_gap_idx")
      .on(table.subject, table.gap, table.prevDay, table.day)
      .where(sql`${table.gap} > ${sql.raw(String(LONG_GAP_MIN_DAYS))}`),
  ],
);

/** purchase_days summed per subject and day: the figures of any range are a few hundred rows of this. */
export const purchaseDayTotals = sqliteTable(
  "purchase_day_totals",
  {
    subject: text("subject").notNull(),
    day: integer("day").notNull(),
    rows: integer("rows").notNull(),
    quantity: integer("quantity").notNull(),
    revenueCents: integer("revenue_cents").notNull(),
    /** Accounts whose first purchase of the subject is this day. */
    firstRows: integer("first_rows").notNull(),
    /** Accounts whose last purchase of the subject is this day. */
    lastRows: integer("last_rows").notNull(),
    /** Accounts buying the subject this day for the first time in the month. */
    monthFirstRows: integer("month_first_rows").notNull(),
    /** Revenue from accounts in the month of their first purchase. */
    firstMonthRevenueCents: integer("first_month_revenue_cents").notNull(),
  },
  (table) => [primaryKey({ columns: [table.subject, table.day] })],
);

/** How many purchase_days rows of a subject have each gap: what counting by gaps would read, known before reading it. */
export const purchaseGapCounts = sqliteTable(
  "purchase_gap_counts",
  {
    subject: text("subject").notNull(),
    gap: integer("gap").notNull(),
    rows: integer("rows").notNull(),
  },
  (table) => [primaryKey({ columns: [table.subject, table.gap] })],
);

/** Per first-order month, how many of its customers ordered in each month. */
export const cohortActivity = sqliteTable(
  "cohort_activity",
  {
    firstMonth: integer("first_month").notNull(),
    month: integer("month").notNull(),
    customers: integer("customers").notNull(),
  },
  (table) => [primaryKey({ columns: [table.firstMonth, table.month] })],
);

/** The name a SKU was last recorded with. */
export const productNames = sqliteTable("product_names", {
  sku: text("sku").primaryKey(),
  name: text("name").notNull(),
});

/**
 * New York's offset from UTC, from each instant it changed: what turns a stored UTC instant into a New York
 * calendar day inside SQL. Written by the migration that made it, from the time-zone database, for
 * 1970-2100; a change to the US rules would come as a migration too.
 */
export const businessZoneOffsets = sqliteTable("business_zone_offsets", {
  startsAt: integer("starts_at").primaryKey(),
  offsetMs: integer("offset_ms").notNull(),
});

/**
 * What undoing a merge needs, written in the merge's transaction (duplicates/merge-undo.ts): the removed
 * accounts' rows, the target's fields, contacts and aliases as they were, and the ids of what moved. Kept
 * for UNDO_WINDOW_DAYS; `undoneAt` marks one undone.
 */
export const merges = sqliteTable(
  "merges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    mergedAt: integer("merged_at", { mode: "timestamp_ms" }).notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    /** No foreign key: the target may later be merged away itself, which undo then names. */
    targetId: integer("target_id").notNull(),
    /** JSON (duplicates/merge-undo.ts MergeSnapshot). */
    snapshot: text("snapshot").notNull(),
    undoneAt: integer("undone_at", { mode: "timestamp_ms" }),
    undoneByName: text("undone_by_name"),
  },
  (table) => [index("merges_target_idx").on(table.targetId, table.mergedAt), index("merges_merged_at_idx").on(table.mergedAt)],
);

/** A bulk list or owner change, undoable for UNDO_WINDOW_DAYS (accounts/bulk-changes.ts). */
export const bulkChanges = sqliteTable(
  "bulk_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    changedAt: integer("changed_at", { mode: "timestamp_ms" }).notNull(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    /** 'list' or 'owner': what the change set, and what its undo puts back. */
    kind: text("kind", { enum: ["list", "owner"] }).notNull(),
    /** What staff were told, e.g. '2,943 accounts moved to Key Accounts'. */
    description: text("description").notNull(),
    undoneAt: integer("undone_at", { mode: "timestamp_ms" }),
    undoneByName: text("undone_by_name"),
  },
  (table) => [index("bulk_changes_changed_at_idx").on(table.changedAt)],
);

/** Each account a bulk change changed: its list, pin and owner before and after, written set-based. */
export const bulkChangeAccounts = sqliteTable(
  "bulk_change_accounts",
  {
    bulkChangeId: integer("bulk_change_id")
      .notNull()
      .references(() => bulkChanges.id, { onDelete: "cascade" }),
    accountId: integer("account_id").notNull(),
    beforeListType: text("before_list_type").notNull(),
    beforeListPinned: integer("before_list_pinned", { mode: "boolean" }).notNull(),
    beforeOwnerUserId: integer("before_owner_user_id"),
    afterListType: text("after_list_type"),
    afterListPinned: integer("after_list_pinned", { mode: "boolean" }),
    afterOwnerUserId: integer("after_owner_user_id"),
  },
  (table) => [primaryKey({ columns: [table.bulkChangeId, table.accountId] })],
);

/**
 * Deleted notes, contacts and custom lists, kept for UNDO_WINDOW_DAYS with what restoring them needs
 * (recycle-bin/): the row (and a list's members) as JSON. Deleting moves a record here, so no read of
 * notes, contacts or lists has to skip deleted rows.
 */
export const recycleBin = sqliteTable(
  "recycle_bin",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["note", "contact", "list"] }).notNull(),
    /** The record's own id (a list's key), which restoring gives it back. */
    recordKey: text("record_key").notNull(),
    /** The account a note or contact belonged to; null for a list. No foreign key: restoring refuses when it is gone. */
    accountId: integer("account_id"),
    /** How staff know it: a note's first words, a contact's name, a list's name. */
    label: text("label").notNull(),
    record: text("record").notNull(),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }).notNull(),
    deletedByUserId: integer("deleted_by_user_id").references(() => users.id, { onDelete: "set null" }),
    deletedByName: text("deleted_by_name").notNull(),
  },
  (table) => [index("recycle_bin_deleted_at_idx").on(table.deletedAt, table.id), index("recycle_bin_account_idx").on(table.accountId)],
);

/**
 * The audit trail: every change, by whom or what, in the change's own transaction (audit/audit-follower.ts).
 * Append-only: triggers refuse an UPDATE, and a DELETE unless the retention setting has let the row go
 * (audit/audit-retention.ts). `actorName` and the values are kept as they were then, so an entry
 * survives its user's removal and its account's. One bulk action or import is one entry with its `count`.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    /** The signed-in user who made the change; null for the command line and the system. */
    actorUserId: integer("actor_user_id"),
    actorName: text("actor_name").notNull(),
    /** How the change came: user, command_line, import, webhook, backfill, system (contracts/audit.ts). */
    actorSource: text("actor_source").notNull(),
    entity: text("entity").notNull(),
    entityId: integer("entity_id"),
    /** The account the entry concerns, for its Activity tab; null when it concerns none or many. */
    accountId: integer("account_id"),
    action: text("action").notNull(),
    summary: text("summary").notNull(),
    /** JSON [{field, old, new}]: each changed field's value before and after, secrets masked. */
    changes: text("changes", { mode: "json" }).$type<{ field: string; old: unknown; new: unknown }[]>().notNull().default([]),
    /** How many records a bulk action, an import or a backfill touched; null for a change of one. */
    count: integer("count"),
  },
  (table) => [
    // Newest first is the id order: paging walks the primary key backwards, and each filter but the dates
    // has its own index, ending in the id. Entries are written in time order, so a date range is a range
    // of ids (audit-trail.ts): no index on `at`, as every index is one more page each change's commit writes.
    index("audit_log_entity_idx").on(table.entity, table.entityId, table.id),
    index("audit_log_actor_user_idx").on(table.actorUserId, table.id),
    index("audit_log_actor_source_idx").on(table.actorSource, table.id),
    index("audit_log_action_idx").on(table.action, table.id),
  ],
);

/**
 * A mailbox the CRM reads customers' e-mail from (core/mail/): a shared one (sales@, a dropbox staff BCC
 * or forward to) or a person's. Its secret is the IMAP password and is never sent back. One per server,
 * port and user: a mailbox from the environment is found again by them at each start.
 */
export const mailboxes = sqliteTable(
  "mailboxes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    host: text("host").notNull(),
    port: integer("port").notNull(),
    /** IMAP over TLS (imaps://); plain IMAP (imap://) only for a server on this machine, such as the tests'. */
    secure: integer("secure", { mode: "boolean" }).notNull(),
    username: text("username").notNull(),
    secret: text("secret").notNull(),
    /** JSON array of the folders read, in order (INBOX and Sent by default). */
    folders: text("folders", { mode: "json" }).$type<string[]>().notNull(),
    visibility: text("visibility", { enum: MAIL_VISIBILITIES }).notNull().default("everything"),
    source: text("source", { enum: MAILBOX_SOURCES }).notNull(),
    /** The end of the latest sync, and what stopped it when it failed (null when it succeeded). */
    lastSyncedAt: integer("last_synced_at", { mode: "timestamp_ms" }),
    lastError: text("last_error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [uniqueIndex("mailboxes_server_user_idx").on(table.host, table.port, table.username)],
);

/**
 * How far a mailbox's folder has been read: the folder's UIDVALIDITY and the highest UID stored. It moves in
 * the transaction that stores a batch, so a sync killed midway resumes after the last batch kept. Another
 * UIDVALIDITY means the server numbered the folder anew: it is read again from the start.
 */
export const mailFolderCursors = sqliteTable(
  "mail_folder_cursors",
  {
    mailboxId: integer("mailbox_id")
      .notNull()
      .references(() => mailboxes.id, { onDelete: "cascade" }),
    folder: text("folder").notNull(),
    uidValidity: integer("uid_validity").notNull(),
    lastUid: integer("last_uid").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.mailboxId, table.folder] })],
);

/**
 * A conversation: messages linked by their Message-ID, In-Reply-To and References headers, else by the same
 * subject between the same people within 60 days (core/mail/store-messages.ts); threads a later message
 * shows to be one are joined into the oldest. `accountId` is the account it is filed under: its first
 * message's matched account, or the one staff chose.
 */
export const mailThreads = sqliteTable(
  "mail_threads",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    subject: text("subject").notNull(),
    /** The subject without Re:, Fwd: and the like, lower-cased: what the subject rule compares. */
    normalizedSubject: text("normalized_subject").notNull(),
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "set null" }),
    lastMessageAt: integer("last_message_at", { mode: "timestamp_ms" }).notNull(),
    messageCount: integer("message_count").notNull().default(0),
  },
  (table) => [index("mail_threads_subject_idx").on(table.normalizedSubject, table.lastMessageAt), index("mail_threads_account_idx").on(table.accountId, table.lastMessageAt)],
);

/**
 * A thread joined into another when a later message showed them to be one conversation
 * (store-messages.ts: joinThreads): what was opened by the joined thread's number (a dialog left open,
 * a link kept) finds the thread it became. Always one step: joining the survivor again moves these too.
 */
export const mailThreadJoins = sqliteTable("mail_thread_joins", {
  threadId: integer("thread_id").primaryKey(),
  joinedInto: integer("joined_into")
    .notNull()
    .references(() => mailThreads.id, { onDelete: "cascade" }),
});

/**
 * A message, stored once by its Message-ID however many mailboxes and folders hold it (one without a
 * Message-ID gets one made from a hash of its headers). Bulk mail (List-Unsubscribe, no-reply senders) and
 * mail among staff only are kept as headers alone, in no thread and no account, so that they are
 * recognised when seen again and never shown.
 */
export const mailMessages = sqliteTable(
  "mail_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    messageId: text("message_id").notNull().unique(),
    threadId: integer("thread_id").references(() => mailThreads.id, { onDelete: "set null" }),
    subject: text("subject").notNull().default(""),
    fromAddress: text("from_address").notNull().default(""),
    fromName: text("from_name").notNull().default(""),
    /** The Date header, in UTC; the time it was read when the header is missing or unreadable. */
    sentAt: integer("sent_at", { mode: "timestamp_ms" }).notNull(),
    text: text("text").notNull().default(""),
    /** The HTML made safe to show (mail/safe-html.ts): no scripts, handlers, or anything loaded from elsewhere. */
    html: text("html"),
    snippet: text("snippet").notNull().default(""),
    inReplyTo: text("in_reply_to"),
    /** JSON array of the Message-IDs in the References header, oldest first. */
    references: text("references", { mode: "json" }).$type<string[]>().notNull().default([]),
    bulk: integer("bulk", { mode: "boolean" }).notNull().default(false),
    internal: integer("internal", { mode: "boolean" }).notNull().default(false),
    attachmentCount: integer("attachment_count").notNull().default(0),
    /**
     * Sent by staff from the CRM (core/mail/send-email.ts): shown whole whatever mailbox later holds it, as
     * the CRM wrote it and staff saw it; no mailbox holds it until one's Sent folder is read.
     */
    sentFromCrm: integer("sent_from_crm", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("mail_messages_thread_idx").on(table.threadId, table.sentAt), index("mail_messages_in_reply_to_idx").on(table.inReplyTo)],
);

/** Who a message was from, to and copied to, by address (lower-cased): what matching and threading read. */
export const mailParticipants = sqliteTable(
  "mail_participants",
  {
    messageId: integer("message_id")
      .notNull()
      .references(() => mailMessages.id, { onDelete: "cascade" }),
    role: text("role", { enum: MAIL_PARTICIPANT_ROLES }).notNull(),
    address: text("address").notNull(),
    name: text("name").notNull().default(""),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.role, table.address] }), index("mail_participants_address_idx").on(table.address)],
);

/** Which mailboxes' folders hold a message, and under which UID: a message in two mailboxes is one message with two rows here. */
export const mailMessageMailboxes = sqliteTable(
  "mail_message_mailboxes",
  {
    messageId: integer("message_id")
      .notNull()
      .references(() => mailMessages.id, { onDelete: "cascade" }),
    mailboxId: integer("mailbox_id")
      .notNull()
      .references(() => mailboxes.id, { onDelete: "cascade" }),
    folder: text("folder").notNull(),
    uid: integer("uid").notNull(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.mailboxId, table.folder] }), index("mail_message_mailboxes_mailbox_idx").on(table.mailboxId, table.folder)],
);

/** The accounts a message concerns, and how it was matched (contracts/mail.ts: MAIL_MATCHES). */
export const mailMessageAccounts = sqliteTable(
  "mail_message_accounts",
  {
    messageId: integer("message_id")
      .notNull()
      .references(() => mailMessages.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    matchedBy: text("matched_by", { enum: MAIL_MATCHES }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.accountId] }), index("mail_message_accounts_account_idx").on(table.accountId)],
);

/**
 * A message's attachment: its name, type and size, and its file in the data directory's mail-attachments
 * folder (owner-only), or no file when it is larger than MAIL_ATTACHMENT_MAX_BYTES or its message is not
 * shown (bulk, internal).
 */
export const mailAttachments = sqliteTable(
  "mail_attachments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    messageId: integer("message_id")
      .notNull()
      .references(() => mailMessages.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    /** Relative to the data directory; null when the file was not kept. */
    storedPath: text("stored_path"),
  },
  (table) => [index("mail_attachments_message_idx").on(table.messageId)],
);
