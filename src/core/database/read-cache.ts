import type { Database } from "bun:sqlite";

const MAX_ENTRIES_PER_DATABASE = 500;
const cachesByDatabase = new WeakMap<Database, Map<string, { fingerprint: string; value: unknown }>>();

/**
 * Remembers the result of an expensive read (a count over 100,000 accounts) until anything in the
 * database changes: this connection's own writes move total_changes(), every other process's commits
 * (a CLI import, a second server) move data_version. So a cached answer is never stale.
 */
export function readUntilDataChanges<T>(sqlite: Database, key: string, read: () => T): T {
  let cache = cachesByDatabase.get(sqlite);
  if (!cache) cachesByDatabase.set(sqlite, (cache = new Map()));
  const fingerprint = dataFingerprint(sqlite);
  const cached = cache.get(key);
  if (cached && cached.fingerprint === fingerprint) return cached.value as T;
  const value = read();
  if (cache.size >= MAX_ENTRIES_PER_DATABASE) cache.clear();
  cache.set(key, { fingerprint, value });
  return value;
}

function dataFingerprint(sqlite: Database): string {
  const row = sqlite.query<{ changes: number; version: number }, []>("SELECT total_changes() AS changes, (SELECT data_version FROM pragma_data_version) AS version").get()!;
  return `${row.changes}:${row.version}`;
}
