import type { Database } from "bun:sqlite";
import { canonicalPhone } from "../../contracts/phones.ts";
import { inTransaction } from "../database/transaction.ts";

/** Rows rewritten per transaction: short enough that a start beside a running server holds the lock briefly. */
export const PHONE_UPGRADE_BATCH = 1_000;

/**
 * Once, at the first start after migration 0027: the phones of accounts and contacts stored before phones had
 * one form (contracts/phones.ts), rewritten in it. Every write since stores that form, so once the rewrite has
 * run to the end it drops the table that marks it pending and later starts read nothing. Killed midway, it
 * goes on at the next start: a phone already in E.164 is passed over in SQL, and one kept as typed (not North
 * American) is read and left as it is. Only the phone changes, not updated_at: the number is the same one,
 * written the one way. The search index follows by its own triggers. Returns how many phones were rewritten.
 */
export function upgradeStoredPhones(sqlite: Database): number {
  if (!upgradePending(sqlite)) return 0;
  const rewritten = ["accounts", "contacts"].reduce((sum, table) => sum + upgradePhonesOf(sqlite, table), 0);
  sqlite.run("DROP TABLE IF EXISTS phone_upgrade_pending");
  return rewritten;
}

function upgradePending(sqlite: Database): boolean {
  return sqlite.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'phone_upgrade_pending'").get() !== null;
}

function upgradePhonesOf(sqlite: Database, table: string): number {
  const read = sqlite.query<{ id: number; phone: string }, [number, number]>(
    `SELECT id, phone FROM ${table} WHERE id > ? AND phone IS NOT NULL AND phone NOT GLOB '+1[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'
       AND phone NOT GLOB '+1[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9];ext=[0-9]*' ORDER BY id LIMIT ?`,
  );
  const write = sqlite.query(`UPDATE ${table} SET phone = ? WHERE id = ?`);
  let rewritten = 0;
  let after = 0;
  for (;;) {
    // Read inside the batch's transaction, so no write between reading a phone and rewriting it is lost.
    const batch = inTransaction(sqlite, () => {
      const rows = read.all(after, PHONE_UPGRADE_BATCH);
      let changed = 0;
      for (const { id, phone } of rows) {
        const stored = canonicalPhone(phone);
        if (stored === phone) continue;
        write.run(stored, id);
        changed++;
      }
      return { changed, lastId: rows.at(-1)?.id };
    }, { immediate: true });
    if (batch.lastId === undefined) return rewritten;
    rewritten += batch.changed;
    after = batch.lastId;
  }
}
