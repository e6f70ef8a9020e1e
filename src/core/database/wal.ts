import type { Database } from "bun:sqlite";
import { statSync } from "node:fs";

/**
 * SQLite's WAL file grows until a checkpoint has copied every frame into the database and a writer then
 * starts it over from the beginning, which it does only when no reader still reads from it. Checkpoints
 * run beside writers, so a writer that never stops (a long import in batches) leaves every checkpoint a
 * few frames behind, and the file grows without bound: gigabytes during one import. Long writers therefore
 * call WalKeeper.beforeTransaction between their transactions, and the file stays under WAL_LIMIT_BYTES.
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
 * from the database file alone. Either leaves the rest for a later one when it cannot.
 */
export type Checkpointer = (mode: CheckpointMode) => void | Promise<void>;

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
    if (!options.always && this.walBytes() < this.limits.checkpointBytes) return;
    await this.checkpoint("PASSIVE");
    while (this.walBytes() >= this.limits.limitBytes) {
      await this.checkpoint("TRUNCATE");
      if (this.walBytes() < this.limits.limitBytes) return;
      options.onWaiting?.();
      await Bun.sleep(WAL_WAIT_LOOK_MS);
    }
  }

  walBytes(): number {
    return statSync(this.walFile, { throwIfNoEntry: false })?.size ?? 0;
  }
}

/** Checkpoints on the caller's own connection, which must not be in a transaction: for commands, not the server (wal-checkpointer.ts). */
export function checkpointOn(sqlite: Database): Checkpointer {
  return (mode) => {
    if (mode === "PASSIVE") {
      sqlite.run("PRAGMA wal_checkpoint(PASSIVE)");
      return;
    }
    // TRUNCATE waits for readers and writers in the busy handler, holding off other writers meanwhile.
    const { timeout } = sqlite.query<{ timeout: number }, []>("PRAGMA busy_timeout").get()!;
    sqlite.run("PRAGMA busy_timeout = 0");
    try {
      sqlite.run("PRAGMA wal_checkpoint(TRUNCATE)");
    } finally {
      sqlite.run(`PRAGMA busy_timeout = ${timeout}`);
    }
  };
}
