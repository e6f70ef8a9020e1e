import { MAX_ACCOUNT_SUGGESTIONS, type SuggestionReason } from "../../contracts/orders.ts";
import type { CrmDatabase } from "../database/open.ts";
import type { ShipToAddress } from "../orders/incoming-order.ts";
import { loadAllProfiles, loadProfiles } from "./account-profiles.ts";
import { shipToAddressKey } from "./address-key.ts";
import { ensureBlockingKeys, refreshBlockingKeys } from "./blocking-keys.ts";
import { normalizeCompanyName } from "./name-normalization.ts";
import { personNameKey } from "./person-key.ts";
import { phoneKey } from "./phone-key.ts";

export interface SuggestedAccount {
  accountId: number;
  accountName: string;
  email: string | null;
  reasons: SuggestionReason[];
}

/**
 * The accounts an unmatched order's ship-to points to, as duplicate detection would pair them: the same
 * phone line, ship-to address (an account's is its latest order's), name (the ship-to company, or the
 * person, as individuals' accounts are named) or primary contact. Looked up through detection's own keys
 * (blocking-keys.ts), each an indexed column of this connection's key table, so the same readings of
 * phones, addresses and names serve both; firmest first (a phone or an address over a name), at most
 * MAX_ACCOUNT_SUGGESTIONS. Accounts still queued for the background detection (an import's, another
 * process's) have their keys brought up to date first, up to FRESHENED_AT_MOST of them: past that (a large
 * import still being weighed) they are suggested once detection has reached them.
 */
export function accountSuggester(db: CrmDatabase): (shipTo: ShipToAddress) => SuggestedAccount[] {
  const sqlite = db.$client;
  ensureBlockingKeys(sqlite, () => loadAllProfiles(sqlite).values());
  const queued = sqlite.query<{ id: number }, [number]>("SELECT account_id AS id FROM duplicate_queue LIMIT ?").all(FRESHENED_AT_MOST + 1).map((row) => row.id);
  if (queued.length > 0 && queued.length <= FRESHENED_AT_MOST) refreshBlockingKeys(sqlite, queued, loadProfiles(sqlite, queued));
  return (shipTo) => suggestAccounts(db, shipTo);
}

/** About a millisecond's work each. */
const FRESHENED_AT_MOST = 1000;

function suggestAccounts(db: CrmDatabase, shipTo: ShipToAddress): SuggestedAccount[] {
  const sqlite = db.$client;
  const keys = {
    phone: phoneKey(shipTo.phone ?? null),
    address: shipToAddressKey(shipTo.street1, shipTo.postalCode),
    company: normalizeCompanyName(shipTo.company ?? "")?.key ?? null,
    personName: normalizeCompanyName(shipTo.name ?? "")?.key ?? null,
    person: personNameKey(shipTo.name),
  };
  if (Object.values(keys).every((key) => key === null)) return [];
  // Each OR'd term is one of the key table's indexes (SQLite's OR-by-union plan); a NULL key matches nothing.
  const rows = sqlite
    .query<{ accountId: number; accountName: string; email: string | null; phone: number; address: number; company: number; person: number }, (string | number | null)[]>(
      `SELECT keys.account_id AS accountId, accounts.name AS accountName, accounts.email AS email,
         coalesce(keys.phone_key = ?1, 0) AS phone, coalesce(keys.address_key = ?2, 0) AS address,
         coalesce(keys.name_key = ?3 OR keys.name_key = ?4, 0) AS company, coalesce(keys.person_key = ?5, 0) AS person
       FROM temp.duplicate_keys AS keys JOIN accounts ON accounts.id = keys.account_id
       WHERE keys.phone_key = ?1 OR keys.address_key = ?2 OR keys.name_key = ?3 OR keys.name_key = ?4 OR keys.person_key = ?5
       ORDER BY phone * 8 + address * 4 + company * 2 + person DESC, accounts.name
       LIMIT ?6`,
    )
    .all(keys.phone, keys.address, keys.company, keys.personName, keys.person, MAX_ACCOUNT_SUGGESTIONS);
  return rows.map((row) => ({
    accountId: row.accountId,
    accountName: row.accountName,
    email: row.email,
    reasons: (["phone", "address", "company", "person"] as const).filter((reason) => row[reason] === 1),
  }));
}
