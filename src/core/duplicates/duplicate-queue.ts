import type { Database } from "bun:sqlite";
import type { CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { detectDuplicatesForAccounts } from "./detect-accounts.ts";
import type { Change } from "../changes/change-feed.ts";

// Raw statements: like the search queue, this is a side table of the import path, which the drizzle schema leaves out.

/**
 * Accounts handed over at most this many at a time to detection: 0.6-1.5 ms each (more on a busy
 * machine), so a batch keeps the server's answers waiting well under a tenth of a second.
 */
export const DUPLICATE_QUEUE_BATCH = 50;

/**
 * Duplicate detection follows the change feed. What staff change (an account, a contact, a merge or its undoing) is
 * weighed at once, in the change's transaction, so the banner is right on the next page; accounts whose
 * orders changed are queued for the background detection instead (queueDuplicateDetection).
 */
export function detectDuplicatesOfChange(db: CrmDatabase, change: Change): void {
  switch (change.type) {
    case "account_added":
    case "account_edited":
    case "contact_added":
      detectDuplicatesForAccounts(db, [change.accountId]);
      return;
    case "contact_edited":
      if (change.fields.some((field) => CONTACT_FIELDS_WEIGHED.has(field))) detectDuplicatesForAccounts(db, [change.accountId]);
      return;
    case "accounts_merged":
    case "merge_undone":
      detectDuplicatesForAccounts(db, [change.targetId, ...change.sourceIds]);
      return;
    case "record_deleted":
    case "record_restored":
      if (change.kind === "contact" && change.accountId !== null) detectDuplicatesForAccounts(db, [change.accountId]);
      return;
    case "orders_recorded":
      // New customers, and known ones whose latest ship-to address may have changed.
      queueDuplicateDetection(db.$client, change.accountIds);
      return;
  }
}

/** Duplicates are weighed on contacts' e-mails and on the primary contact's name. */
const CONTACT_FIELDS_WEIGHED = new Set(["email", "firstName", "lastName", "isPrimary"]);

/**
 * Leaves accounts whose orders changed for the background detection rather than checking them in the
 * writer's transaction: an import of 100,000 new customers would otherwise spend longer on duplicates
 * than on its orders. Joins the caller's transaction.
 */
function queueDuplicateDetection(sqlite: Database, accountIds: Iterable<number>): void {
  const ids = [...accountIds];
  if (ids.length === 0) return;
  sqlite.run("INSERT OR IGNORE INTO duplicate_queue (account_id) SELECT value FROM json_each(?)", [JSON.stringify(ids)]);
}

/**
 * Detects the duplicates of the next queued accounts, oldest ids first, and takes them off the queue in
 * the same transaction: a crash leaves them queued. Returns how many accounts are still queued.
 */
export function detectQueuedDuplicates(db: CrmDatabase, batchSize = DUPLICATE_QUEUE_BATCH): number {
  const sqlite = db.$client;
  return inTransaction(sqlite, () => {
    const ids = sqlite.query<{ id: number }, [number]>("SELECT account_id AS id FROM duplicate_queue ORDER BY account_id LIMIT ?").all(batchSize).map((row) => row.id);
    detectDuplicatesForAccounts(db, ids);
    sqlite.run("DELETE FROM duplicate_queue WHERE account_id IN (SELECT value FROM json_each(?))", [JSON.stringify(ids)]);
    return countQueuedForDuplicates(sqlite);
  });
}

export function countQueuedForDuplicates(sqlite: Database): number {
  return sqlite.query<{ queued: number }, []>("SELECT count(*) AS queued FROM duplicate_queue").get()!.queued;
}
