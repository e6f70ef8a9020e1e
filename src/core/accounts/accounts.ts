import { count, eq, sql } from "drizzle-orm";
import { SHORT_TEXT_MAX_LENGTH } from "../../contracts/common.ts";
import { canonicalPhone } from "../../contracts/phones.ts";
import { ACCOUNT_DOMAIN_PATTERN, type AccountChanges } from "../../contracts/accounts.ts";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { accounts, users } from "../database/schema.ts";
import { conflict, invalid, notFound } from "../errors.ts";
import type { Actor } from "../changes/actor.ts";
import { announceAccountsReassigned, announceChange } from "../changes/change-feed.ts";
import { listName, resolveListChoice } from "../lists/list-types.ts";
import { AUTOMATIC_LIST_CHOICE } from "../../contracts/lists.ts";
import { placeScopeByActivity } from "../lifecycle/lifecycle-lists.ts";
import { withAccountScope } from "../account-basics/account-scope.ts";
import { primaryContactId, withPrimaryContacts, type AccountSummary } from "./account-list.ts";
import { normalizeCustomerEmail } from "../account-basics/email.ts";
import { accountDomainForEmail } from "../account-basics/free-mail.ts";
import { inTransaction } from "../database/transaction.ts";
import { preparedOnce } from "../database/prepared.ts";
import { describeFieldChange, fieldChanges, type FieldChange } from "../changes/field-changes.ts";

/** What staff type to add (all but ownerUserId) or edit an account, as its contract has validated it. */
export type AccountFields = AccountChanges;

/** One account as lists show it, or a 404. */
export function findAccount(db: CrmDatabase, id: number): AccountSummary {
  // Prepared once: every account screen and every write that answers with the account asks, and building the query cost more than running it.
  const byId = preparedOnce(db, "findAccount", () =>
    db.select({ account: accounts, primaryContactId }).from(accounts).where(eq(accounts.id, sql.placeholder("id"))).prepare(),
  );
  const row = byId.get({ id });
  if (!row) throw notFound("Account not found");
  return withPrimaryContacts(db, [row])[0]!;
}

/*
 * Inside a transaction every query goes through `db`: drizzle's transaction and the database share one SQLite
 * connection, so `db` is in the transaction, and the services these writes call (task automation, duplicate
 * detection) take the whole database. One handle, so no reader wonders which queries the transaction covers.
 */

/** Adds an account by hand. Its domain comes from its e-mail unless given (and unless the e-mail is free mail). */
export function createAccount(db: CrmDatabase, fields: AccountFields, actor: Actor): AccountSummary {
  const name = requiredName(fields.name);
  const email = optionalEmail(fields.email);
  const domain = fields.domain === undefined ? (email ? accountDomainForEmail(email) : null) : optionalDomain(fields.domain);
  const now = new Date();
  return inTransaction(db, () => {
    if (email) assertEmailFree(db, email, null);
    const [created] = db
      .insert(accounts)
      .values({ name, email, domain, phone: storedPhone(fields.phone), addedByHand: true, createdAt: now, updatedAt: now })
      .returning({ id: accounts.id })
      .all();
    const accountId = created!.id;
    announceChange(db, { type: "account_added", accountId, accountName: name, actor, at: now, timeline: [{ accountId, kind: "account_created", summary: "Account created" }] });
    return findAccount(db, accountId);
  });
}

/** Changes the given fields only; values are trimmed, a blank name is refused, a taken e-mail is a conflict. */
export function updateAccount(db: CrmDatabase, id: number, fields: AccountFields, actor: Actor): AccountSummary {
  const changes: Partial<typeof accounts.$inferInsert> = {};
  if (fields.name !== undefined) changes.name = requiredName(fields.name);
  if (fields.email !== undefined) changes.email = optionalEmail(fields.email);
  if (fields.domain !== undefined) changes.domain = optionalDomain(fields.domain);
  if (fields.phone !== undefined) changes.phone = storedPhone(fields.phone);
  return inTransaction(db, () => {
    if (fields.ownerUserId !== undefined) changes.ownerUserId = fields.ownerUserId === null ? null : activeOwner(db, fields.ownerUserId).id;
    const before = findAccount(db, id);
    const changed = (Object.keys(changes) as (keyof AccountFields)[]).filter((key) => changes[key] !== before[key]);
    if (changed.length === 0) return before;
    if (changes.email) assertEmailFree(db, changes.email, id);
    const now = new Date();
    db.update(accounts).set({ ...changes, updatedAt: now }).where(eq(accounts.id, id)).run();
    // The owner as people know them, looked up only when it changed.
    const ownerName = (ownerId: number | null | undefined) => (ownerId == null || !changed.includes("ownerUserId") ? null : ownerNameOf(db, ownerId));
    const fieldChangesMade = fieldChanges(
      { ...before, ownerUserId: ownerName(before.ownerUserId) },
      { ...before, ...changes, ownerUserId: ownerName(changes.ownerUserId) },
      changed,
      ACCOUNT_FIELD_LABELS,
    );
    const summary = describeAccountChange(before, changes, changed, fieldChangesMade);
    announceChange(db, { type: "account_edited", accountId: id, changes: fieldChangesMade, actor, at: now, timeline: [{ accountId: id, kind: "account_updated", summary }] });
    return findAccount(db, id);
  });
}

/**
 * Staff choose an account's list: a list pins the account there, out of the activity rules' reach;
 * AUTOMATIC_LIST_CHOICE unpins it and lets the rules place it at once.
 */
export function setAccountListType(db: CrmDatabase, id: number, choice: string, actor: Actor): AccountSummary {
  return inTransaction(db, () => {
    const list = resolveListChoice(db, choice);
    const before = findAccount(db, id);
    const now = new Date();
    const placed = (summary: string, after: { listType: string; listPinned: boolean }) =>
      announceAccountsReassigned(db, [{ accountId: id, summary }], "list_changed", {
        actor,
        at: now,
        field: "list",
        by: "staff",
        changes: fieldChanges({ list: listName(db, before.listType), pinned: before.listPinned }, { list: listName(db, after.listType), pinned: after.listPinned }, ["list", "pinned"]),
      });
    if (list === AUTOMATIC_LIST_CHOICE) {
      if (!before.listPinned) return before;
      db.update(accounts).set({ listPinned: false, updatedAt: now }).where(eq(accounts.id, id)).run();
      withAccountScope(db.$client, [id], new Set([id]), () => placeScopeByActivity(db, { now, actor }));
      const after = findAccount(db, id);
      placed(`List set to follow order activity: ${describeMove(db, before.listType, after.listType)}`, after);
      return after;
    }
    if (before.listType === list.key && before.listPinned) return before;
    db.update(accounts).set({ listType: list.key, listPinned: true, updatedAt: now }).where(eq(accounts.id, id)).run();
    placed(before.listType === list.key ? `Pinned to ${list.name}` : `Moved from ${listName(db, before.listType)} to ${list.name}`, { listType: list.key, listPinned: true });
    return findAccount(db, id);
  });
}

function describeMove(db: CrmQueries, from: string, to: string): string {
  return from === to ? `stays in ${listName(db, to)}` : `moved from ${listName(db, from)} to ${listName(db, to)}`;
}

/**
 * Removes every account and everything hanging off it, and the history of the imports that brought them;
 * users, sessions, settings and the audit trail stay, the trail saying who cleared it and which backup
 * was kept first.
 */
export function clearAllCustomerData(db: CrmDatabase, actor: Actor, backupFile: string | null): void {
  inTransaction(db, () => {
    const accountsCleared = db.select({ total: count() }).from(accounts).get()?.total ?? 0;
    // Contacts, orders, notes and activity go with their accounts (ON DELETE CASCADE), in the same statement.
    db.run(sql`DELETE FROM ${accounts}`);
    db.run(sql`DELETE FROM duplicate_queue`);
    // Orders of no account yet; their ids are not given again, so that a match of one cleared answers 409.
    db.run(sql`DELETE FROM unmatched_orders`);
    db.run(sql`DELETE FROM import_runs WHERE state <> 'running'`);
    // What undo would put back belongs to the accounts cleared, whose ids start again at 1 below.
    for (const table of ["merges", "bulk_changes", "recycle_bin"]) db.run(sql.raw(`DELETE FROM ${table}`));
    // What analytics add up goes with the purchase days the accounts took with them.
    for (const table of ["purchase_day_totals", "purchase_gap_counts", "cohort_activity", "product_names", "purchase_day_queue"]) db.run(sql.raw(`DELETE FROM ${table}`));
    db.run(sql`DELETE FROM sqlite_sequence WHERE name IN ('accounts', 'contacts', 'orders', 'notes', 'activities', 'merges', 'bulk_changes', 'recycle_bin')`);
    announceChange(db, { type: "data_cleared", accounts: accountsCleared, backupFile, actor, at: new Date() });
  });
}

const ACCOUNT_FIELD_LABELS: Record<keyof AccountFields, string> = { name: "name", email: "e-mail", domain: "domain", phone: "phone", ownerUserId: "owner" };

/** 'Changed phone from (412) 690-4025 to (412) 690-4026; owner from Ann to Bob': each field with its old and new value. */
function describeAccountChange(before: AccountSummary, changes: AccountFields, changed: (keyof AccountFields)[], made: readonly FieldChange[]): string {
  if (changed.length === 1 && changed[0] === "name") return `Renamed from "${before.name}" to "${changes.name}"`;
  return `Changed ${made.map(describeFieldChange).join("; ")}`;
}

function ownerNameOf(db: CrmQueries, userId: number): string {
  return db.select({ name: users.name }).from(users).where(eq(users.id, userId)).get()?.name ?? `user ${userId}`;
}

/** The team member an account (or a bulk action's accounts) may be given to: an active one, or a 400 naming ownerUserId. */
export function activeOwner(tx: CrmQueries, userId: number): { id: number; name: string } {
  const owner = tx.select({ id: users.id, name: users.name, active: users.active }).from(users).where(eq(users.id, userId)).get();
  if (!owner?.active) throw invalid("ownerUserId", "ownerUserId must be an active team member");
  return { id: owner.id, name: owner.name };
}

function assertEmailFree(tx: CrmQueries, email: string, exceptAccountId: number | null): void {
  const holder = tx.select({ id: accounts.id, name: accounts.name }).from(accounts).where(eq(accounts.email, email)).get();
  if (holder && holder.id !== exceptAccountId) throw conflict(`The e-mail ${email} already belongs to the account ${holder.name}`, "email");
}

function requiredName(value: string | undefined): string {
  const name = value?.trim() ?? "";
  if (!name) throw invalid("name", "name is required");
  if (name.length > SHORT_TEXT_MAX_LENGTH) throw invalid("name", `name must be at most ${SHORT_TEXT_MAX_LENGTH} characters`);
  return name;
}

function optionalEmail(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const email = normalizeCustomerEmail(text);
  if (!email) throw invalid("email", `email is not a valid e-mail address: ${text}`);
  return email;
}

const DOMAIN_PATTERN = new RegExp(`^${ACCOUNT_DOMAIN_PATTERN}$`);

function optionalDomain(value: string | null): string | null {
  const text = value
    ?.trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/^www\./, "")
    .replace(/\/.*$/, "");
  if (!text) return null;
  if (!DOMAIN_PATTERN.test(text)) throw invalid("domain", `domain is not a valid domain name: ${value}`);
  return text;
}

/** A phone as typed, in the one stored form (contracts/phones.ts). */
function storedPhone(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (text && text.length > SHORT_TEXT_MAX_LENGTH) throw invalid("phone", `phone must be at most ${SHORT_TEXT_MAX_LENGTH} characters`);
  return canonicalPhone(text);
}
