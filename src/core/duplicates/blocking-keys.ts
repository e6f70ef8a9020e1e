import type { Database } from "bun:sqlite";
import type { MatchProfile } from "./pair-evidence.ts";

// Raw statements, on detection's measured hot path (bench/duplicates.ts): built by drizzle, a one-account look-up costs ten times as much (0.36 against 0.04 ms).
// Besides, the keys table is this connection's TEMP table, which the drizzle schema does not describe.

/**
 * A value shared by more accounts than this pairs none of them through it: it belongs to an organisation
 * with many buyers (a hospital network's clinics), a fulfilment partner, a marketplace relay address or a
 * placeholder, and pairing them all would bury staff in hundreds of pairs. Pairs found through another
 * value still list it, as a weak sign, among their evidence.
 */
export const MAX_ACCOUNTS_PER_KEY = 50;

/**
 * The computed values accounts are paired through, each an indexed column: the normalized name, the
 * phone's last ten digits, the latest ship-to address and the primary contact's name. Every pair the
 * evidence can flag shares one of these, a business domain or an e-mail (a name alone never flags, so
 * names need no similarity index: similar names are compared within the pairs these keys find).
 */
export const BLOCKING_KEYS = ["name_key", "phone_key", "address_key", "person_key"] as const;
export type BlockingKey = (typeof BLOCKING_KEYS)[number];

/** The accounts sharing one value: all of them when at most `maxAccounts`, else only how many. */
export interface SharedValue {
  value: string;
  accounts: number;
  accountIds: number[] | null;
}

/**
 * Builds the blocking keys of this connection from every account when it has none; from then on they are
 * kept up to date as accounts change. Accounts this connection changes are refreshed through
 * `refreshBlockingKeys`. Every account another process creates, or changes in a way the keys see (an
 * import's, through its orders), it queues for duplicate detection, and detection refreshes an account's
 * keys before it looks for its pairs: until its turn such an account is missing from the others'
 * candidates, and its pairs are found when its turn comes. Rebuilding every key after each commit
 * elsewhere instead cost a second per 100,000 accounts, on every edit during an import.
 *
 * The keys live in a TEMP table, as they are computed in code (names, addresses and people are normalized
 * in ways SQL cannot); a rolled-back transaction that built them takes the table back too.
 */
export function ensureBlockingKeys(sqlite: Database, loadAll: () => Iterable<MatchProfile>): void {
  const { built } = sqlite.query<{ built: number }, []>("SELECT count(*) AS built FROM sqlite_temp_master WHERE name = 'duplicate_keys'").get()!;
  if (!built) rebuildBlockingKeys(sqlite, loadAll());
}

/** Writes the keys of every account afresh; indexes are built after the rows, which is several times faster. */
export function rebuildBlockingKeys(sqlite: Database, profiles: Iterable<MatchProfile>): void {
  sqlite.run("DROP TABLE IF EXISTS temp.duplicate_keys");
  sqlite.run(`CREATE TEMP TABLE duplicate_keys (account_id INTEGER PRIMARY KEY, ${BLOCKING_KEYS.map((key) => `${key} TEXT`).join(", ")})`);
  insertKeys(sqlite, profiles);
  for (const column of BLOCKING_KEYS) sqlite.run(`CREATE INDEX temp.duplicate_keys_${column} ON duplicate_keys (${column})`);
}

/** Replaces the keys of these accounts; ids without a profile (deleted accounts) lose theirs. */
export function refreshBlockingKeys(sqlite: Database, accountIds: number[], profiles: Map<number, MatchProfile>): void {
  sqlite.run("DELETE FROM temp.duplicate_keys WHERE account_id IN (SELECT value FROM json_each(?))", [JSON.stringify(accountIds)]);
  insertKeys(sqlite, accountIds.flatMap((id) => profiles.get(id) ?? []));
}

/** A profile's value for each key, as stored. */
export function blockingKeysOf(profile: MatchProfile): Record<BlockingKey, string | null> {
  return { name_key: profile.name?.key ?? null, phone_key: profile.phoneKey, address_key: profile.addressKey, person_key: profile.personKey };
}

/** Other accounts with this value, at most `limit` of them. */
export function accountsWithKey(sqlite: Database, column: BlockingKey, value: string, exceptAccountId: number, limit: number): number[] {
  return sqlite
    .query<{ id: number }, [string, number, number]>(`SELECT account_id AS id FROM temp.duplicate_keys WHERE ${column} = ? AND account_id != ? LIMIT ?`)
    .all(value, exceptAccountId, limit)
    .map((row) => row.id);
}

/** Every value of a key that at least two accounts share. */
export function sharedKeyValues(sqlite: Database, column: BlockingKey, maxAccounts: number): SharedValue[] {
  return sqlite
    .query<{ value: string; accounts: number; ids: string | null }, [number]>(
      `SELECT ${column} AS value, count(*) AS accounts, CASE WHEN count(*) <= ?1 THEN group_concat(account_id) END AS ids
       FROM temp.duplicate_keys WHERE ${column} IS NOT NULL GROUP BY ${column} HAVING count(*) > 1`,
    )
    .all(maxAccounts)
    .map(toSharedValue);
}

export function toSharedValue(row: { value: string; accounts: number; ids: string | null }): SharedValue {
  return { value: row.value, accounts: row.accounts, accountIds: row.ids === null ? null : row.ids.split(",").map(Number) };
}

function insertKeys(sqlite: Database, profiles: Iterable<MatchProfile>): void {
  const rows: KeyRow[] = [];
  for (const profile of profiles) {
    const keys = blockingKeysOf(profile);
    if (BLOCKING_KEYS.every((key) => keys[key] === null)) continue;
    rows.push([profile.id, keys.name_key, keys.phone_key, keys.address_key, keys.person_key]);
  }
  // Many rows per statement: a full run writes a hundred thousand, and each call into SQLite has its price.
  const batch = sqlite.query<unknown, KeyRow[number][]>(`${INSERT_KEYS} ${Array(KEY_ROWS_PER_INSERT).fill(ROW_PLACEHOLDERS).join(", ")}`);
  const one = sqlite.query<unknown, KeyRow>(`${INSERT_KEYS} ${ROW_PLACEHOLDERS}`);
  let next = 0;
  for (; next + KEY_ROWS_PER_INSERT <= rows.length; next += KEY_ROWS_PER_INSERT) batch.run(...rows.slice(next, next + KEY_ROWS_PER_INSERT).flat());
  for (; next < rows.length; next++) one.run(...rows[next]!);
}

type KeyRow = [accountId: number, nameKey: string | null, phoneKey: string | null, addressKey: string | null, personKey: string | null];
const INSERT_KEYS = `INSERT INTO temp.duplicate_keys (account_id, ${BLOCKING_KEYS.join(", ")}) VALUES`;
const ROW_PLACEHOLDERS = `(?, ${BLOCKING_KEYS.map(() => "?").join(", ")})`;
const KEY_ROWS_PER_INSERT = 200;
