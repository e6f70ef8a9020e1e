import type { Database } from "bun:sqlite";
import { matchProfile, type AccountFacts, type MatchProfile } from "./pair-evidence.ts";

/** The match profiles of these accounts, by id; accounts that no longer exist are missing. */
export function loadProfiles(sqlite: Database, accountIds: Iterable<number>): Map<number, MatchProfile> {
  return toProfiles(sqlite.query<FactsRow, [string]>(`${ACCOUNT_FACTS} WHERE a.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify([...accountIds])));
}

/** Every account's match profile, by id, for a full run. */
export function loadAllProfiles(sqlite: Database): Map<number, MatchProfile> {
  return toProfiles(sqlite.query<FactsRow, []>(ACCOUNT_FACTS).all());
}

/**
 * An account with its primary contact's name and where its latest order went. Each is one probe of an
 * index (contacts by account and primary flag, orders by account and date); the ship-to's two fields come
 * out of the order's JSON in one read, as a small JSON array.
 */
const ACCOUNT_FACTS = `
  SELECT a.id, a.name, a.domain, a.phone,
    (SELECT trim(c.first_name || ' ' || c.last_name) FROM contacts c WHERE c.account_id = a.id AND c.is_primary = 1 ORDER BY c.id LIMIT 1) AS contactName,
    (SELECT json_extract(o.raw, '$.shipTo.street1', '$.shipTo.postalCode') FROM orders o WHERE o.account_id = a.id ORDER BY o.placed_at DESC LIMIT 1) AS shipTo
  FROM accounts a`;

type FactsRow = Omit<AccountFacts, "shipToStreet" | "shipToPostalCode"> & { shipTo: string | null };

function toProfiles(rows: FactsRow[]): Map<number, MatchProfile> {
  const profiles = new Map<number, MatchProfile>();
  for (const { shipTo, ...row } of rows) {
    // A source may send a ZIP as a number; the key reads text.
    const [street, postalCode] = shipTo === null ? [] : (JSON.parse(shipTo) as unknown[]);
    profiles.set(row.id, matchProfile({ ...row, shipToStreet: textOrNull(street), shipToPostalCode: textOrNull(postalCode) }));
  }
  return profiles;
}

function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}
