import type { Database } from "bun:sqlite";
import { statSync } from "node:fs";

/**
 * SQLite's WAL file grows until a checkpoint has copied every frame into the database and a writer then
 * starts it over from the beginning, which it does only when no reader still reads from it. Checkpoints
 * run beside writers, so a writer that never stops (a long import in batches) leaves every checkpoint a
 * few frames behind, and the file grows without bound: gigabytes during one import. Long writers therefore
 * call WalKeeper.beforeTransaction between their transactions, and the file stays under WAL_LIMIT_BYTES.
 *
 * What the WAL holds is judged by the frames written since it last started over, as a checkpoint reports
 * them, not by the file's size: another process may start it over without cutting the file back (Litestream
 * does, and keeps a read transaction open all the time, so no TRUNCATE of ours ever succeeds beside it).
 */

/** What the WAL file is cut back to each time it starts over (journal_size_limit). */
export const WAL_KEPT_BYTES = 32 * 1024 * 1024;
/** A long writer copies the WAL into the database before its next transaction once the file is this large. */
export const WAL_CHECKPOINT_BYTES = 128 * 1024 * 1024;
/**
 * A long writer waits rather than begin a transaction while the WAL is this large: a reader still reads
 * from it, so it cannot start over. One transaction of a long writer adds a few megabytes at most, so the
 * file stays under 256 MB.
 */
export const WAL_LIMIT_BYTES = 192 * 1024 * 1024;
/** How often a writer waiting for the WAL to start over looks again. */
const WAL_WAIT_LOOK_MS = 20;

export type CheckpointMode = "PASSIVE" | "TRUNCATE";

/**
 * Runs a checkpoint without ever waiting for a lock: PASSIVE copies what no reader still needs; TRUNCATE
 * also starts the WAL over and cuts it to nothing, when no writer holds the lock and every reader reads
 * from the database file alone. Either leaves the rest for a later one when it cannot. Answers the bytes
 * the WAL then holds: its frames since it last started over (walBytesHeld).
 */
export type Checkpointer = (mode: CheckpointMode) => number | Promise<number>;

/**
 * The bytes of WAL frames a `PRAGMA wal_checkpoint` reports (`log`), each a page and its 24-byte header;
 * null when it could not run (another connection was checkpointing: Litestream), which counts as too much,
 * so that a long writer looks again.
 */
export function walBytesHeld(framesInLog: number | null, pageSize: number): number {
  return framesInLog === null ? Number.POSITIVE_INFINITY : Math.max(0, framesInLog) * (pageSize + 24);
}

export interface WalLimits {
  checkpointBytes: number;
  limitBytes: number;
}

/** What a long writer calls between its transactions: one per open database (`db.wal`), the server's backed by its checkpointer thread. */
export class WalKeeper {
  private readonly walFile: string;

  constructor(
    databaseFile: string,
    private readonly checkpoint: Checkpointer,
    private readonly limits: WalLimits = { checkpointBytes: WAL_CHECKPOINT_BYTES, limitBytes: WAL_LIMIT_BYTES },
  ) {
    this.walFile = `${databaseFile}-wal`;
  }

  /**
   * Called by a long writer before each of its transactions, outside any: copies the WAL into the database
   * once it is large, so that the transaction starts it over; while a reader keeps it from starting over
   * and it has reached its limit, waits (telling `onWaiting` at each look) until it has. `always` copies it
   * whatever its size: beside a command, whose every commit copies what the WAL holds (SQLite's own
   * checkpoint) while its caller waits, the WAL is kept to what one transaction wrote.
   */
  async beforeTransaction(options: { onWaiting?: () => void; always?: boolean } = {}): Promise<void> {
    // The file is never smaller than what the WAL holds: a small one needs no look inside.
    if (!options.always && this.walBytes() < this.limits.checkpointBytes) return;
    let held = await this.checkpoint("PASSIVE");
    while (held >= this.limits.limitBytes) {
      held = await this.checkpoint("TRUNCATE");
      if (held < this.limits.limitBytes) return;
      options.onWaiting?.();
      await Bun.sleep(WAL_WAIT_LOOK_MS);
    }
  }

  /** The WAL file's size: at least what it holds, more once it has started over without being cut back. */
  walBytes(): number {
    return statSync(this.walFile, { throwIfNoEntry: false })?.size ?? 0;
  }
}

/** Checkpoints on the caller's own connection, which must not be in a transaction: for commands, not the server (wal-checkpointer.ts). */
export function checkpointOn(sqlite: Database): Checkpointer {
  const { page_size: pageSize } = sqlite.query<{ page_size: number }, []>("PRAGMA page_size").get()!;
  const checkpoint = (mode: CheckpointMode) => {
    try {
      return walBytesHeld(sqlite.query<{ log: number }, []>(`PRAGMA wal_checkpoint(${mode})`).get()!.log, pageSize);
    } catch (error) {
      if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) return walBytesHeld(null, pageSize);
      throw error;
    }
  };
  return (mode) => {
    if (mode === "PASSIVE") return checkpoint(mode);
    // TRUNCATE waits for readers and writers in the busy handler, holding off other writers meanwhile.
    const { timeout } = sqlite.query<{ timeout: number }, []>("PRAGMA busy_timeout").get()!;
    sqlite.run("PRAGMA busy_timeout = 0");
    try {
      return checkpoint(mode);
    } finally {
      sqlite.run(`PRAGMA busy_timeout = ${timeout}`);
    }
  };
}
