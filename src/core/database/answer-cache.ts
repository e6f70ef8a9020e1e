import type { Database, Statement } from "bun:sqlite";

/**
 * The one cache of the product: answers of expensive reads (a count over 100,000 accounts, a page of
 * accounts, an account's detail, the header search, a session) remembered until the data they were read
 * from changes, and the JSON bodies the server made of them. One per open database (`db.answers`); the
 * server's context hands the same one to its routes.
 *
 * Its rules:
 * 1. An answer lasts until anything in the database changes. This connection's own writes move
 *    total_changes() and are seen at once; other processes' commits (a CLI import, a second server) move
 *    data_version, read at most once every OTHERS_CHANGES_SEEN_WITHIN_MS, so they are seen from then on, as
 *    if the read had begun a moment earlier.
 * 2. Inside a transaction nothing is remembered or recalled: a write transaction may still roll back, and
 *    an answer read in it could show rows that never were, while total_changes() would not move back.
 *    `remember` simply reads there.
 * 3. Answers are shared: whoever receives one must not change it.
 * 4. A JSON body is remembered with the answer object it was made from, so it lives exactly as long as the
 *    answer does; an answer that was not remembered is a new object each time and gets a new body.
 * 5. At most MAX_ANSWERS are kept: when full, all are forgotten (cheaper than tracking use, and a full
 *    cache means keys are varying faster than they are reused).
 */
export class AnswerCache {
  private readonly answers = new Map<string, { fingerprint: string; value: unknown }>();
  private readonly bodies = new WeakMap<object, string>();
  private othersVersion = { version: 0, readAt: Number.NEGATIVE_INFINITY };
  // Held rather than looked up by its text in bun:sqlite's cache on every request.
  private readonly ownChanges: Statement<[number]>;

  constructor(private readonly sqlite: Database) {
    this.ownChanges = sqlite.query<[number], []>("SELECT total_changes()");
  }

  /** The answer remembered under `key` while the data is unchanged; otherwise `read()`, remembered. */
  remember<T>(key: string, read: () => T): T {
    if (this.sqlite.inTransaction) return read();
    const fingerprint = this.dataFingerprint();
    const cached = this.answers.get(key);
    if (cached && cached.fingerprint === fingerprint) return cached.value as T;
    const value = read();
    if (this.answers.size >= MAX_ANSWERS) this.answers.clear();
    this.answers.set(key, { fingerprint, value });
    return value;
  }

  /**
   * The JSON text of an answer, shaped and serialized once per answer object, as shaping and serializing
   * cost more than the rest of answering from memory (the server sends it: server/json/remembered-json.ts).
   */
  json<T extends object>(answer: T, shape: (answer: T) => unknown): string {
    let body = this.bodies.get(answer);
    if (body === undefined) this.bodies.set(answer, (body = JSON.stringify(shape(answer))));
    return body;
  }

  private dataFingerprint(): string {
    const [changes] = this.ownChanges.values()[0]!;
    return `${changes}:${this.versionOfOthers()}`;
  }

  private versionOfOthers(): number {
    const now = performance.now();
    if (now - this.othersVersion.readAt >= OTHERS_CHANGES_SEEN_WITHIN_MS) {
      this.othersVersion = { version: this.sqlite.query<{ data_version: number }, []>("PRAGMA data_version").get()!.data_version, readAt: now };
    }
    return this.othersVersion.version;
  }
}

/**
 * How long another process's commit may go unseen. Reading data_version takes a read transaction of its
 * own, a fifth of the work of a remembered answer were it read for every request; a few milliseconds are
 * far less than anyone could notice between a CLI import finishing and the next page.
 */
export const OTHERS_CHANGES_SEEN_WITHIN_MS = 10;

const MAX_ANSWERS = 500;
