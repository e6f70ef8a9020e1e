import type { Database } from "bun:sqlite";

const MAX_ENTRIES_PER_DATABASE = 500;
const cachesByDatabase = new WeakMap<Database, Map<string, { fingerprint: string; value: unknown }>>();

/**
 * Remembers the result of an expensive read (a count over 100,000 accounts) until anything in the
 * database changes: this connection's own writes move total_changes() and are seen at once; every other
 * process's commits (a CLI import, a second server) move data_version, which is read at most once every
 * OTHERS_CHANGES_SEEN_WITHIN_MS, so they are seen from then on, as if the read had begun a moment earlier.
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
  return `${changes}:${othersVersion(sqlite)}`;
}

/**
 * How long another process's commit may go unseen. Reading data_version takes a read transaction of its
 * own, a fifth of the work of a remembered answer were it read for every request; a few milliseconds are
 * far less than anyone could notice between a CLI import finishing and the next page.
 */
export const OTHERS_CHANGES_SEEN_WITHIN_MS = 10;
const othersVersions = new WeakMap<Database, { version: number; readAt: number }>();

function othersVersion(sqlite: Database): number {
  const now = performance.now();
  let known = othersVersions.get(sqlite);
  if (known === undefined || now - known.readAt >= OTHERS_CHANGES_SEEN_WITHIN_MS) {
    known = { version: sqlite.query<{ data_version: number }, []>("PRAGMA data_version").get()!.data_version, readAt: now };
    othersVersions.set(sqlite, known);
  }
  return known.version;
}
