import type { Database } from "bun:sqlite";
import { canonicalPhone } from "../../contracts/phones.ts";
import { inTransaction } from "../database/transaction.ts";

/** Rows rewritten per transaction: short enough that a start beside a running server holds the lock briefly. */
export const PHONE_UPGRADE_BATCH = 1_000;

/**
 * At every start: the phones of accounts and contacts stored before phones had one form (contracts/phones.ts),
 * rewritten in it. Idempotent: a phone already in E.164 is passed over in SQL, and one kept as typed (not North
 * American) is read and left as it is, so a second start rewrites nothing. Only the phone changes, not
 * updated_at: the number is the same one, written the one way. The search index follows by its own triggers.
 * Returns how many phones were rewritten.
 */
export function upgradeStoredPhones(sqlite: Database): number {
  return ["accounts", "contacts"].reduce((rewritten, table) => rewritten + upgradePhonesOf(sqlite, table), 0);
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
