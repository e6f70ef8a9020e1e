import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { SHORT_TEXT_MAX_LENGTH } from "../../contracts/common.ts";
import type { ContactChanges } from "../../contracts/contacts.ts";
import { canonicalPhone } from "../../contracts/phones.ts";
import { assertAccountExists } from "../account-basics/account-exists.ts";
import { normalizeCustomerEmail } from "../account-basics/email.ts";
import type { Actor } from "../changes/actor.ts";
import { announceChange } from "../changes/change-feed.ts";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { contacts } from "../database/schema.ts";
import { invalid, notFound } from "../errors.ts";
import { inTransaction } from "../database/transaction.ts";
import { preparedOnce } from "../database/prepared.ts";
import { putInRecycleBin, wholeRow } from "../recycle-bin/bin-entries.ts";
import { fieldChanges } from "../changes/field-changes.ts";

export type Contact = typeof contacts.$inferSelect;

/** What staff type to add or edit a contact, as its contract has validated it. */
export type ContactFields = ContactChanges;

/** An account's contacts, the primary one first. */
export function listContacts(db: CrmDatabase, accountId: number): Contact[] {
  // Prepared once: every account screen asks, and building the query cost more than running it.
  const ofAccount = preparedOnce(db, "accountContacts", () =>
    db.select().from(contacts).where(eq(contacts.accountId, sql.placeholder("accountId"))).orderBy(desc(contacts.isPrimary), asc(contacts.id)).prepare(),
  );
  return ofAccount.all({ accountId });
}

/** Adds a contact (one handle in the transaction, as in accounts.ts): first name, last name and e-mail are required. The first contact of an account becomes its primary. */
export function addContact(db: CrmDatabase, accountId: number, fields: ContactFields, actor: Actor): Contact {
  const firstName = requiredText("firstName", fields.firstName);
  const lastName = requiredText("lastName", fields.lastName);
  const email = requiredEmail(fields.email);
  const now = new Date();
  return inTransaction(db, () => {
    assertAccountExists(db, accountId);
    const isFirst = !db.select({ id: contacts.id }).from(contacts).where(eq(contacts.accountId, accountId)).get();
    const isPrimary = fields.isPrimary === true || isFirst;
    if (isPrimary) clearPrimary(db, accountId, null);
    const [contact] = db
      .insert(contacts)
      .values({ accountId, firstName, lastName, email, phone: canonicalPhone(optionalText("phone", fields.phone)), title: optionalText("title", fields.title), isPrimary, createdAt: now, updatedAt: now })
      .returning()
      .all();
    const contactName = fullName(contact!);
    announceChange(db, { type: "contact_added", accountId, contactId: contact!.id, contactName, actor, at: now, timeline: [{ accountId, kind: "contact_added", summary: `Added contact ${contactName}` }] });
    return contact!;
  });
}

/** Changes the given fields of a contact; making it primary clears the flag on the account's other contacts. */
export function updateContact(db: CrmDatabase, contactId: number, fields: ContactFields, actor: Actor): Contact {
  const changes: Partial<typeof contacts.$inferInsert> = {};
  if (fields.firstName !== undefined) changes.firstName = requiredText("firstName", fields.firstName);
  if (fields.lastName !== undefined) changes.lastName = requiredText("lastName", fields.lastName);
  if (fields.email !== undefined) changes.email = requiredEmail(fields.email);
  if (fields.phone !== undefined) changes.phone = canonicalPhone(optionalText("phone", fields.phone));
  if (fields.title !== undefined) changes.title = optionalText("title", fields.title);
  if (fields.isPrimary !== undefined) changes.isPrimary = fields.isPrimary;

  return inTransaction(db, () => {
    const existing = db.select().from(contacts).where(eq(contacts.id, contactId)).get();
    if (!existing) throw notFound("Contact not found");
    const changed = (Object.keys(changes) as (keyof typeof changes)[]).filter((key) => changes[key] !== existing[key as keyof Contact]);
    if (changed.length === 0) return existing;
    if (changes.isPrimary) clearPrimary(db, existing.accountId, contactId);
    const now = new Date();
    const [updated] = db.update(contacts).set({ ...changes, updatedAt: now }).where(eq(contacts.id, contactId)).returning().all();
    const summary =
      changes.isPrimary && changed.length === 1
        ? `Made ${fullName(updated!)} the primary contact`
        : `Updated contact ${fullName(updated!)} (${changed.map((key) => FIELD_LABELS[key] ?? key).join(", ")})`;
    const accountId = existing.accountId;
    const fieldChangesMade = fieldChanges(existing, updated!, changed, FIELD_LABELS);
    announceChange(db, { type: "contact_edited", accountId, contactId, contactName: fullName(updated!), fields: changed, changes: fieldChangesMade, actor, at: now, timeline: [{ accountId, kind: "contact_updated", summary }] });
    return updated!;
  });
}

/**
 * Deletes a contact: it goes to the recycle bin, whole, for UNDO_WINDOW_DAYS (recycle-bin/), and the
 * timeline says so. Nothing else hangs off a contact. Returns the bin entry's id.
 */
export function deleteContact(db: CrmDatabase, contactId: number, actor: Actor): number {
  return inTransaction(db, () => {
    const existing = db.select().from(contacts).where(eq(contacts.id, contactId)).get();
    if (!existing) throw notFound("Contact not found");
    const [at, accountId, recordKey, label] = [new Date(), existing.accountId, String(contactId), fullName(existing)];
    const binEntryId = putInRecycleBin(db, { kind: "contact", recordKey, accountId, label, record: wholeRow(db, "contacts", "id", contactId)! }, actor, at);
    db.delete(contacts).where(eq(contacts.id, contactId)).run();
    const timeline = [{ accountId, kind: "contact_deleted" as const, summary: `Deleted contact ${label}` }];
    const changes = fieldChanges(existing, {}, ["firstName", "lastName", "email", "phone", "title", "isPrimary"], FIELD_LABELS);
    announceChange(db, { type: "record_deleted", kind: "contact", binEntryId, recordKey, accountId, label, changes, actor, at, timeline });
    return binEntryId;
  });
}

export function fullName(contact: { firstName: string; lastName: string }): string {
  return `${contact.firstName} ${contact.lastName}`.trim();
}

const FIELD_LABELS: Partial<Record<keyof Contact, string>> = {
  firstName: "first name",
  lastName: "last name",
  email: "e-mail",
  phone: "phone",
  title: "title",
  isPrimary: "primary",
};

function clearPrimary(db: CrmQueries, accountId: number, exceptContactId: number | null): void {
  const others = exceptContactId === null ? eq(contacts.accountId, accountId) : and(eq(contacts.accountId, accountId), ne(contacts.id, exceptContactId));
  db.update(contacts).set({ isPrimary: false }).where(and(others, eq(contacts.isPrimary, true))).run();
}

function requiredText(field: string, value: string | undefined): string {
  const text = value?.trim() ?? "";
  if (!text) throw invalid(field, `${field} is required`);
  if (text.length > SHORT_TEXT_MAX_LENGTH) throw invalid(field, `${field} must be at most ${SHORT_TEXT_MAX_LENGTH} characters`);
  return text;
}

function requiredEmail(value: string | null | undefined): string {
  const text = value?.trim() ?? "";
  if (!text) throw invalid("email", "email is required");
  const email = normalizeCustomerEmail(text);
  if (!email) throw invalid("email", `email is not a valid e-mail address: ${text}`);
  return email;
}

function optionalText(field: string, value: string | null | undefined): string | null {
  const text = value?.trim() ?? "";
  if (text.length > SHORT_TEXT_MAX_LENGTH) throw invalid(field, `${field} must be at most ${SHORT_TEXT_MAX_LENGTH} characters`);
  return text || null;
}
