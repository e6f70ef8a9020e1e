import type { Database } from "bun:sqlite";

const MAX_ENTRIES_PER_DATABASE = 500;
const cachesByDatabase = new WeakMap<Database, Map<string, { fingerprint: string; value: unknown }>>();

/**
 * Remembers the result of an expensive read (a count over 100,000 accounts) until anything in the
 * database changes: this connection's own writes move total_changes() and are seen at once; every other
 * process's commits (a CLI import, a second server) move data_version, which is read once per turn of the
 * event loop, so they are seen from the next turn on, as if the read had begun a moment earlier.
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
  const { changes } = sqlite.query<{ changes: number }, []>("SELECT total_changes() AS changes").get()!;
  return `${changes}:${othersVersionThisTurn(sqlite)}`;
}

const versionsThisTurn = new WeakMap<Database, number>();

/** data_version needs a read transaction of its own: a third of a cached answer's cost, were it read every time. */
function othersVersionThisTurn(sqlite: Database): number {
  let version = versionsThisTurn.get(sqlite);
  if (version === undefined) {
    version = sqlite.query<{ data_version: number }, []>("PRAGMA data_version").get()!.data_version;
    versionsThisTurn.set(sqlite, version);
    setImmediate(() => versionsThisTurn.delete(sqlite));
  }
  return version;
}
