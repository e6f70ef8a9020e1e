import { displayPhone } from "../../contracts/phones.ts";
import { eq, sql } from "drizzle-orm";
import { ACCOUNT_EXPORT_COLUMNS, type AccountSelection } from "../../contracts/accounts.ts";
import { csvDate, csvMoney, type CsvCell } from "../csv/csv-writer.ts";
import { csvExport, idsInOrder, type CsvExport } from "../csv/export-batches.ts";
import type { CrmDatabase } from "../database/open.ts";
import { preparedOnce } from "../database/prepared.ts";
import { accounts, contacts, lists, users } from "../database/schema.ts";
import { businessToday } from "../time/business-calendar.ts";
import type { Actor } from "../changes/actor.ts";
import { announceExport } from "../changes/change-feed.ts";
import { describeSelection } from "./account-bulk.ts";
import { accountOrderBy, accountSelectionCondition, primaryContactId, type AccountOrder } from "./account-list.ts";

/**
 * The accounts table as a CSV file (ACCOUNT_EXPORT_COLUMNS): every account the selection covers, not one
 * page, in the table's order. The matches are found here, so that an unknown list or too many ids is
 * refused before anything is written; the rows are read as the text is taken.
 */
export function exportAccounts(db: CrmDatabase, selection: AccountSelection, order: AccountOrder, actor: Actor): CsvExport {
  const matches = db.select({ id: accounts.id }).from(accounts).where(accountSelectionCondition(db, selection, actor.userId)).orderBy(...accountOrderBy(order));
  const ids = idsInOrder(db, matches);
  announceExport(db, { what: "accounts", filter: describeSelection(selection), rows: ids.length }, actor);
  return csvExport(ACCOUNT_EXPORT_COLUMNS, ids, (batch) => readAccountRows(db, batch), accountCells);
}

/** What the export's file is called: accounts-2026-11-24.csv, New York's date. */
export function accountExportFileName(now = new Date()): string {
  return `accounts-${businessToday(now)}.csv`;
}

type AccountRow = ReturnType<typeof readAccountRows>[number];

function readAccountRows(db: CrmDatabase, ids: string) {
  return preparedOnce(db, "accountExportRows", () =>
    db
      .select({
        id: accounts.id,
        name: accounts.name,
        email: accounts.email,
        domain: accounts.domain,
        phone: accounts.phone,
        list: sql<string>`coalesce(${lists.name}, ${accounts.listType})`,
        owner: users.name,
        createdAt: accounts.createdAt,
        firstOrderAt: accounts.firstOrderAt,
        lastOrderAt: accounts.lastOrderAt,
        orderCount: accounts.orderCount,
        totalOrderCents: accounts.totalOrderCents,
        contactFirstName: contacts.firstName,
        contactLastName: contacts.lastName,
        contactEmail: contacts.email,
      })
      .from(accounts)
      .leftJoin(lists, eq(lists.key, accounts.listType))
      .leftJoin(users, eq(users.id, accounts.ownerUserId))
      .leftJoin(contacts, eq(contacts.id, primaryContactId))
      .where(sql`${accounts.id} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
      .prepare(),
  ).all({ ids });
}

function accountCells(row: AccountRow): CsvCell[] {
  return [
    row.name,
    row.email,
    row.domain,
    row.phone && displayPhone(row.phone),
    row.list,
    row.owner,
    csvDate(row.createdAt),
    csvDate(row.firstOrderAt),
    csvDate(row.lastOrderAt),
    row.orderCount,
    csvMoney(row.totalOrderCents),
    row.contactFirstName === null ? null : contactCell(row.contactFirstName, row.contactLastName ?? "", row.contactEmail),
  ];
}

/** A contact in one cell, as a mail program writes an address: First Last <email>. */
function contactCell(firstName: string, lastName: string, email: string | null): string {
  const name = `${firstName} ${lastName}`.trim();
  return email ? `${name} <${email}>` : name;
}
