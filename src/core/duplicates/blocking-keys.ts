import type { Database } from "bun:sqlite";
import type { MatchProfile } from "./match-rules.ts";
import type { NormalizedName } from "./name-normalization.ts";
import { nameSimilarity, SIMILAR_NAME_THRESHOLD } from "./similarity.ts";

/**
 * A domain, name, phone or e-mail shared by more accounts than this is not looked at: it belongs to an
 * organisation with many buyers (a hospital network's clinics), a marketplace relay address or a
 * placeholder, and pairing them all would bury staff in hundreds of pairs. Pairs found another way still
 * list it among their reasons.
 */
export const MAX_ACCOUNTS_PER_KEY = 50;

/** How many accounts on each side of an account, in each sorted name key, have their names compared with it. */
export const NAME_NEIGHBOURS = 10;

/**
 * Keys that sort accounts whose names may be similar next to each other (a sorted-neighbourhood index):
 * the name as is, reversed (a typo near the start leaves the end in place), and with its words sorted
 * (reordered words). Each starts with the name's digits, since names with different numbers never match.
 */
export const SORTED_NAME_KEYS = ["name_key", "reversed_key", "tokens_key"] as const;
export type SortedNameKey = (typeof SORTED_NAME_KEYS)[number];
type ExactKey = "name_key" | "phone_key";

/**
 * Brings the blocking keys of this connection up to date: builds them from every account when it has
 * none, and rebuilds them when another connection (a CLI import, a second server) has committed since,
 * as nothing tells this one what that changed. Accounts this connection changes are refreshed one by
 * one through `refreshBlockingKeys`.
 *
 * The keys live in a TEMP table until accounts carry them as indexed columns; the state row lives there
 * too, so a rolled-back transaction takes both back together.
 */
export function ensureBlockingKeys(sqlite: Database, loadAll: () => Iterable<MatchProfile>): void {
  const { current, present } = sqlite
    .query<{ current: number; present: number }, []>(
      "SELECT (SELECT data_version FROM pragma_data_version) AS current, (SELECT count(*) FROM sqlite_temp_master WHERE name = 'duplicate_keys_state') AS present",
    )
    .get()!;
  const built = present ? sqlite.query<{ version: number }, []>("SELECT data_version AS version FROM temp.duplicate_keys_state").get()?.version : undefined;
  if (built !== current) rebuildBlockingKeys(sqlite, loadAll());
}

/** Writes the keys of every account afresh; indexes are built after the rows, which is several times faster. */
export function rebuildBlockingKeys(sqlite: Database, profiles: Iterable<MatchProfile>): void {
  sqlite.run("DROP TABLE IF EXISTS temp.duplicate_keys");
  sqlite.run("DROP TABLE IF EXISTS temp.duplicate_keys_state");
  sqlite.run(
    "CREATE TEMP TABLE duplicate_keys (account_id INTEGER PRIMARY KEY, name_key TEXT, reversed_key TEXT, tokens_key TEXT, phone_key TEXT)",
  );
  insertKeys(sqlite, profiles);
  for (const column of [...SORTED_NAME_KEYS, "phone_key"]) sqlite.run(`CREATE INDEX temp.duplicate_keys_${column} ON duplicate_keys (${column})`);
  sqlite.run("CREATE TEMP TABLE duplicate_keys_state (data_version INTEGER NOT NULL)");
  sqlite.run("INSERT INTO temp.duplicate_keys_state (data_version) SELECT data_version FROM pragma_data_version");
}

/** Replaces the keys of these accounts; ids without a profile (deleted accounts) lose theirs. */
export function refreshBlockingKeys(sqlite: Database, accountIds: number[], profiles: Map<number, MatchProfile>): void {
  sqlite.run("DELETE FROM temp.duplicate_keys WHERE account_id IN (SELECT value FROM json_each(?))", [JSON.stringify(accountIds)]);
  insertKeys(sqlite, accountIds.flatMap((id) => profiles.get(id) ?? []));
}

/**
 * Whether the similar-names rule pairs two neighbours in a sorted key. Equal names are left to the
 * same-name key, whose groups are capped, so that a crowd of one name is not paired through its neighbours.
 */
export function similarNeighbours(a: MatchProfile, b: MatchProfile): boolean {
  return a.name !== null && b.name !== null && a.name.key !== b.name.key && nameSimilarity(a.name, b.name) >= SIMILAR_NAME_THRESHOLD;
}

/** The keys of a profile as stored, for looking its neighbours up. */
export function sortedNameKeys(name: NormalizedName): Record<SortedNameKey, string> {
  return {
    name_key: `${name.digits}|${name.key}`,
    reversed_key: `${name.digits}|${reversed(name.key)}`,
    tokens_key: `${name.digits}|${name.tokens.toSorted().join(" ")}`,
  };
}

/** Other accounts with this exact key, at most `limit` of them. */
export function accountsWithKey(sqlite: Database, column: ExactKey, value: string, exceptAccountId: number, limit: number): number[] {
  return sqlite
    .query<{ id: number }, [string, number, number]>(`SELECT account_id AS id FROM temp.duplicate_keys WHERE ${column} = ? AND account_id != ? LIMIT ?`)
    .all(value, exceptAccountId, limit)
    .map((row) => row.id);
}

/** The `count` accounts just before and the `count` just after a key in its order (ties broken by id). */
export function neighbours(sqlite: Database, column: SortedNameKey, value: string, accountId: number, count: number): number[] {
  const before = sqlite
    .query<{ id: number }, [string, number, number]>(
      `SELECT account_id AS id FROM temp.duplicate_keys WHERE (${column}, account_id) < (?, ?) ORDER BY ${column} DESC, account_id DESC LIMIT ?`,
    )
    .all(value, accountId, count);
  const after = sqlite
    .query<{ id: number }, [string, number, number]>(
      `SELECT account_id AS id FROM temp.duplicate_keys WHERE (${column}, account_id) > (?, ?) ORDER BY ${column}, account_id LIMIT ?`,
    )
    .all(value, accountId, count);
  return [...before, ...after].map((row) => row.id);
}

/** Every account with a name, in the order of a sorted key: what a full run slides its window over. */
export function accountsInKeyOrder(sqlite: Database, column: SortedNameKey): number[] {
  return sqlite
    .query<{ id: number }, []>(`SELECT account_id AS id FROM temp.duplicate_keys WHERE ${column} IS NOT NULL ORDER BY ${column}, account_id`)
    .all()
    .map((row) => row.id);
}

/** The accounts sharing each exact key, for keys shared by 2 to `maxAccounts` accounts. */
export function keyGroups(sqlite: Database, column: ExactKey, maxAccounts: number): number[][] {
  return sqlite
    .query<{ ids: string }, [number]>(
      `SELECT group_concat(account_id) AS ids FROM temp.duplicate_keys WHERE ${column} IS NOT NULL GROUP BY ${column} HAVING count(*) BETWEEN 2 AND ?`,
    )
    .all(maxAccounts)
    .map((row) => row.ids.split(",").map(Number));
}

/** Code unit by code unit: the key only has to sort the same way every time, and this is the fastest way. */
function reversed(text: string): string {
  let result = "";
  for (let i = text.length - 1; i >= 0; i--) result += text[i];
  return result;
}

function insertKeys(sqlite: Database, profiles: Iterable<MatchProfile>): void {
  const rows: KeyRow[] = [];
  for (const profile of profiles) {
    if (profile.name === null && profile.phoneKey === null) continue;
    const keys = profile.name && sortedNameKeys(profile.name);
    rows.push([profile.id, keys ? keys.name_key : null, keys ? keys.reversed_key : null, keys ? keys.tokens_key : null, profile.phoneKey]);
  }
  // Many rows per statement: a full run writes a hundred thousand, and each call into SQLite has its price.
  const batch = sqlite.query<unknown, KeyRow[number][]>(`${INSERT_KEYS} ${Array(KEY_ROWS_PER_INSERT).fill("(?, ?, ?, ?, ?)").join(", ")}`);
  const one = sqlite.query<unknown, KeyRow>(`${INSERT_KEYS} (?, ?, ?, ?, ?)`);
  let next = 0;
  for (; next + KEY_ROWS_PER_INSERT <= rows.length; next += KEY_ROWS_PER_INSERT) batch.run(...rows.slice(next, next + KEY_ROWS_PER_INSERT).flat());
  for (; next < rows.length; next++) one.run(...rows[next]!);
}

type KeyRow = [accountId: number, nameKey: string | null, reversedKey: string | null, tokensKey: string | null, phoneKey: string | null];
const INSERT_KEYS = "INSERT INTO temp.duplicate_keys (account_id, name_key, reversed_key, tokens_key, phone_key) VALUES";
const KEY_ROWS_PER_INSERT = 200;
