import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { union, unionAll, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { DuplicateCandidate } from "../../contracts/duplicates.ts";
import { assertAccountExists } from "../account-basics/account-exists.ts";
import type { CrmDatabase } from "../database/open.ts";
import { preparedOnce } from "../database/prepared.ts";
import { accounts, duplicatePairs } from "../database/schema.ts";
import { invalid } from "../errors.ts";
import { isOpen } from "../accounts/open-duplicates.ts";
import { inTransaction } from "../database/transaction.ts";

/** The accounts that may be the same customer as this one (open pairs only), best first. */
export function listDuplicateCandidates(db: CrmDatabase, accountId: number): DuplicateCandidate[] {
  assertAccountExists(db, accountId);
  // Prepared once: building the query costs ten times as much as running it (0.56 against 0.06 ms).
  const candidates = preparedOnce(db, "duplicateCandidates", () => {
    // A pair is stored once, lower id first: the account is on either side, each side read through its own index.
    const candidatesOn = (accountSide: SQLiteColumn, otherSide: SQLiteColumn) =>
      db
        .select({ account: MERGEABLE_COLUMNS, score: duplicatePairs.score, reasons: duplicatePairs.reasons })
        .from(duplicatePairs)
        .innerJoin(accounts, eq(accounts.id, otherSide))
        .where(and(eq(accountSide, sql.placeholder("accountId")), isOpen));
    return unionAll(candidatesOn(duplicatePairs.accountId, duplicatePairs.otherAccountId), candidatesOn(duplicatePairs.otherAccountId, duplicatePairs.accountId))
      .orderBy(desc(duplicatePairs.score), asc(accounts.id))
      .prepare();
  });
  return candidates.all({ accountId }).map(({ account, score, reasons }) => ({ account, score, reasons: JSON.parse(reasons) as string[] }));
}

/**
 * Marks two accounts "Not a duplicate": the pair stays stored as dismissed, so detection never flags it
 * again. A pair detection has not flagged (yet) is recorded as dismissed all the same.
 */
export function dismissDuplicatePair(db: CrmDatabase, accountId: number, otherAccountId: number): void {
  if (accountId === otherAccountId) throw invalid("otherId", "an account cannot be its own duplicate");
  inTransaction(db, () => {
    assertAccountExists(db, accountId);
    assertAccountExists(db, otherAccountId);
    db.insert(duplicatePairs)
      .values({
        accountId: Math.min(accountId, otherAccountId),
        otherAccountId: Math.max(accountId, otherAccountId),
        score: 0,
        reasons: "[]",
        state: "dismissed",
        detectedAt: new Date(),
      })
      .onConflictDoUpdate({ target: [duplicatePairs.accountId, duplicatePairs.otherAccountId], set: { state: "dismissed" } })
      .run();
  });
}

/** How many accounts have at least one open pair: the badge on the accounts list's duplicates toggle. */
export function countAccountsWithOpenDuplicates(db: CrmDatabase): number {
  const counted = preparedOnce(db, "accountsWithOpenDuplicates", () => {
    // Each account once, each side of the pairs read through its own index.
    const openPairAccounts = union(
      db.select({ id: duplicatePairs.accountId }).from(duplicatePairs).where(isOpen),
      db.select({ id: duplicatePairs.otherAccountId }).from(duplicatePairs).where(isOpen),
    ).as("open_pair_accounts");
    return db.select({ count: count() }).from(openPairAccounts).prepare();
  });
  return db.answers.remember("duplicates:summary", () => counted.get()!.count);
}


/** What the candidates list and a merge show of an account. */
export const MERGEABLE_COLUMNS = {
  id: accounts.id,
  name: accounts.name,
  email: accounts.email,
  domain: accounts.domain,
  phone: accounts.phone,
  orderCount: accounts.orderCount,
  listType: accounts.listType,
  listPinned: accounts.listPinned,
  ownerUserId: accounts.ownerUserId,
};
