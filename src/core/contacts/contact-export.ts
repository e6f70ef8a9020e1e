import { displayPhone } from "../../contracts/phones.ts";
import { asc, desc, eq, sql } from "drizzle-orm";
import { primaryContactId } from "../accounts/account-list.ts";
import { csvExport, idsInOrder, type CsvExport } from "../csv/export-batches.ts";
import type { Actor } from "../changes/actor.ts";
import { announceExport } from "../changes/change-feed.ts";
import type { CrmDatabase } from "../database/open.ts";
import { preparedOnce } from "../database/prepared.ts";
import { accounts, contacts } from "../database/schema.ts";

export const CONTACT_EXPORT_COLUMNS = ["Account", "Account Email", "First Name", "Last Name", "Email", "Phone", "Title", "Primary"] as const;

/**
 * Every contact as a CSV file (CONTACT_EXPORT_COLUMNS), account by account in the accounts table's order
 * by name, each account's primary contact first; Primary says which one the account shows.
 */
export function exportContacts(db: CrmDatabase, actor: Actor): CsvExport {
  const all = db
    .select({ id: contacts.id })
    .from(contacts)
    .innerJoin(accounts, eq(accounts.id, contacts.accountId))
    .orderBy(sql`${accounts.name} COLLATE NOCASE`, asc(accounts.id), desc(contacts.isPrimary), asc(contacts.id));
  const ids = idsInOrder(db, all);
  announceExport(db, { what: "contacts", filter: "all contacts", rows: ids.length }, actor);
  return csvExport(CONTACT_EXPORT_COLUMNS, ids, (batch) => readContactRows(db, batch), (row) => [
    row.accountName,
    row.accountEmail,
    row.firstName,
    row.lastName,
    row.email,
    row.phone && displayPhone(row.phone),
    row.title,
    row.primary ? "Yes" : "No",
  ]);
}

function readContactRows(db: CrmDatabase, ids: string) {
  return preparedOnce(db, "contactExportRows", () =>
    db
      .select({
        id: contacts.id,
        accountName: accounts.name,
        accountEmail: accounts.email,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        email: contacts.email,
        phone: contacts.phone,
        title: contacts.title,
        primary: sql<number>`${contacts.id} = ${primaryContactId}`,
      })
      .from(contacts)
      .innerJoin(accounts, eq(accounts.id, contacts.accountId))
      .where(sql`${contacts.id} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
      .prepare(),
  ).all({ ids });
}
