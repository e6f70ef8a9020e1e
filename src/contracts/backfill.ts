import { t } from "./type-builder.ts";
import { IsoTime, oneOf, wholeNumberField } from "./common.ts";

/**
 * Administration: importing ShipStation's past orders, and clearing every customer record.
 *   POST    /api/admin/backfill         start a backfill in the background (NewBackfillBody → BackfillRun, 202; 409 while one runs)
 *   GET     /api/admin/backfill         the running backfill, else the latest (→ LatestBackfill)
 *   DELETE  /api/admin/clear-all-data   every account, contact, order and what hangs on them (→ MessageAnswer in common.ts)
 * Administrators only.
 */

export const MIN_BACKFILL_DAYS = 1;
export const MAX_BACKFILL_DAYS = 90;
export const DEFAULT_BACKFILL_DAYS = 30;

/** interrupted: its process stopped (or was stopped) before the last page; running it again completes it. */
export const BACKFILL_STATES = ["running", "succeeded", "failed", "interrupted"] as const;
export type BackfillState = (typeof BACKFILL_STATES)[number];

/** Who started a backfill: the dashboard or the command line. */
export const BACKFILL_TRIGGERS = ["dashboard", "cli"] as const;
export type BackfillTrigger = (typeof BACKFILL_TRIGGERS)[number];

/** POST /api/admin/backfill: ShipStation's orders of the last `days` days, placed then or (modified) changed then. */
export const NewBackfillBody = t.Object({
  days: t.Optional(wholeNumberField("days", MIN_BACKFILL_DAYS, MAX_BACKFILL_DAYS)),
  modified: t.Optional(t.Boolean({ description: "By date modified rather than placed: picks up orders changed since, such as a cancellation", error: "modified must be true or false" })),
});

/** One import of ShipStation's orders of the last days, page by page. */
export const BackfillRun = t.Object({
  id: t.Integer(),
  days: t.Integer(),
  state: oneOf("state", BACKFILL_STATES),
  trigger: oneOf("trigger", BACKFILL_TRIGGERS),
  pages: t.Integer({ description: "Pages of orders imported so far" }),
  ordersCreated: t.Integer(),
  ordersUpdated: t.Integer(),
  accountsCreated: t.Integer(),
  ordersUnmatched: t.Integer({ description: "Orders without a customer e-mail, waiting among the unmatched orders" }),
  error: t.Union([t.String(), t.Null()], { description: "Why it failed or stopped; null otherwise" }),
  startedAt: IsoTime,
  finishedAt: t.Union([IsoTime, t.Null()], { description: "null while it runs" }),
});
export type BackfillRun = typeof BackfillRun.static;

/** GET /api/admin/backfill: null before the first backfill. */
export const LatestBackfill = t.Object({
  backfill: t.Union([BackfillRun, t.Null()]),
});
export type LatestBackfill = typeof LatestBackfill.static;
