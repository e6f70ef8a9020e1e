import type { Database } from "bun:sqlite";
import { matchProfile, type AccountFacts, type MatchProfile } from "./pair-evidence.ts";

// Raw statements, on detection's measured hot path (bench/duplicates.ts): built by drizzle, a one-account look-up costs ten times as much (0.36 against 0.04 ms).

/** The match profiles of these accounts, by id; accounts that no longer exist are missing. */
export function loadProfiles(sqlite: Database, accountIds: Iterable<number>): Map<number, MatchProfile> {
  const ids = JSON.stringify([...accountIds]);
  return toProfiles(
    sqlite.query<AccountRow, [string]>(`${ACCOUNTS} WHERE id IN (SELECT value FROM json_each(?))`).all(ids),
    sqlite.query<ContactRow, [string]>(`${PRIMARY_CONTACTS} AND account_id IN (SELECT value FROM json_each(?))`).all(ids),
  );
}

/** Every account's match profile, by id, for a full run. */
export function loadAllProfiles(sqlite: Database): Map<number, MatchProfile> {
  return toProfiles(sqlite.query<AccountRow, []>(ACCOUNTS).all(), sqlite.query<ContactRow, []>(PRIMARY_CONTACTS).all());
}

/** An account with the ship-to of its latest order, which the order recount keeps on the account. */
const ACCOUNTS = "SELECT id, name, domain, phone, ship_to_street AS shipToStreet, ship_to_postal_code AS shipToPostalCode FROM accounts";

/** Primary contacts' names, read apart rather than one probe per account: several times faster for a full run. */
const PRIMARY_CONTACTS = "SELECT account_id AS accountId, trim(first_name || ' ' || last_name) AS name FROM contacts WHERE is_primary = 1";

type AccountRow = Omit<AccountFacts, "contactName">;

interface ContactRow {
  accountId: number;
  name: string;
}

function toProfiles(accounts: AccountRow[], primaryContacts: ContactRow[]): Map<number, MatchProfile> {
  const contactNames = new Map(primaryContacts.map((contact) => [contact.accountId, contact.name]));
  return new Map(accounts.map((account) => [account.id, matchProfile({ ...account, contactName: contactNames.get(account.id) ?? null })]));
}
