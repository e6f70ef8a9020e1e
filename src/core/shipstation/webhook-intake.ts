import { Database } from "bun:sqlite";
import { closeSync, fsync, fsyncSync, openSync } from "node:fs";
import path from "node:path";
import { isDamagedDatabase, neverWaitOnEventLoop, setDatabaseFileAside, type CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";

/** The server's own file for webhook deliveries, beside crm.db in the data directory. */
export const WEBHOOK_INTAKE_FILE_NAME = "webhook-intake.db";

export interface ArrivingDelivery {
  resourceUrl: string;
  resourceType: string;
}

/**
 * Where ShipStation's webhook deliveries are stored before they are answered. crm.db cannot be relied on
 * for that: another process (a CLI import) may hold its write lock, and a delivery answered with an error
 * is an order ShipStation may never send again. Only the running server writes this file, so storing a
 * delivery never waits for a lock. The webhook worker then moves the deliveries into crm.db's
 * webhook_events, in small transactions whenever crm.db is free, and removes them here only once they are
 * committed there; each carries its number here (intake_id, unique there), so a move done twice, as after
 * a crash between the two commits, stores it once.
 */
export class WebhookIntake {
  private readonly file: string;
  private intakeFile: Database | undefined;
  /** The intake file's WAL, opened with it, to wait for the disk on (commitArriving). */
  private walDescriptor: number | undefined;
  private crmFile: Database | undefined;
  /** Deliveries arrived in this turn of the event loop, committed together at its end; null when none are waiting. */
  private arriving: Arriving[] | null = null;
  /** Turns' deliveries committed, their answers waiting for the WAL to be on the disk. */
  private readonly awaitingDisk = new Set<Arriving[]>();

  /** `notice` is told, in a line for the server's log, when a damaged intake file is set aside. */
  constructor(
    private readonly db: CrmDatabase,
    private readonly notice: (line: string) => void = () => {},
  ) {
    this.file = path.join(path.dirname(db.$client.filename), WEBHOOK_INTAKE_FILE_NAME);
  }

  /**
   * Stores a delivery and resolves with its number here once it is on the disk. ShipStation sends webhooks in
   * bursts: the deliveries that arrive in one turn of the event loop are committed together, and their
   * commit waits for the disk on a thread of the pool while the server's thread goes on (commitArriving).
   */
  store(delivery: ArrivingDelivery): Promise<{ id: number }> {
    if (!this.arriving) {
      this.arriving = [];
      setImmediate(() => this.commitArriving());
    }
    const stored = Promise.withResolvers<{ id: number }>();
    this.arriving.push({ ...delivery, stored });
    return stored.promise;
  }

  /**
   * Moves the oldest stored deliveries (a small batch) into crm.db's webhook_events as pending events, then
   * removes them here. Returns how many it moved: 0 when none are left. While another process holds crm.db's
   * write lock it throws SQLITE_BUSY at once, having changed nothing, rather than wait: it is done later.
   */
  moveBatchIntoDatabase(): number {
    const deliveries = this.intakeConnection()
      .query<{ id: number; resourceUrl: string; resourceType: string; receivedAt: number }, [number]>(
        "SELECT id, resource_url AS resourceUrl, resource_type AS resourceType, received_at AS receivedAt FROM webhook_deliveries ORDER BY id LIMIT ?",
      )
      .all(MOVE_BATCH_SIZE);
    if (deliveries.length === 0) return 0;
    const crm = this.crmConnection();
    const insert = crm.query(
      "INSERT INTO webhook_events (intake_id, resource_url, resource_type, state, next_attempt_at, received_at) VALUES (?, ?, ?, 'pending', ?, ?) ON CONFLICT (intake_id) DO NOTHING",
    );
    inTransaction(crm, () => {
      for (const delivery of deliveries) insert.run(delivery.id, delivery.resourceUrl, delivery.resourceType, delivery.receivedAt, delivery.receivedAt);
    }, { immediate: true });
    this.intakeConnection().query("DELETE FROM webhook_deliveries WHERE id <= ?").run(deliveries.at(-1)!.id);
    return deliveries.length;
  }

  /** Deliveries stored here and not yet in webhook_events: pending events too, for Settings. */
  countWaiting(): number {
    // Rows already committed in crm.db and not yet removed here (a crash between the two commits) are not counted twice.
    const movedUpTo = this.db.$client.query<{ id: number }, []>("SELECT coalesce(max(intake_id), 0) AS id FROM webhook_events").get()!.id;
    return this.intakeConnection().query<{ n: number }, [number]>("SELECT count(*) AS n FROM webhook_deliveries WHERE id > ?").get(movedUpTo)!.n;
  }

  /** Commits deliveries still arriving and waits for the disk, then releases both files. */
  close(): void {
    this.commitArriving();
    if (this.walDescriptor !== undefined) {
      // What is committed reaches the disk now, for every turn still waiting: their own waits, on the pool, find them answered.
      fsyncSync(this.walDescriptor);
      for (const arriving of this.awaitingDisk) answerStored(arriving);
      this.awaitingDisk.clear();
      closeSync(this.walDescriptor);
    }
    this.intakeFile?.close();
    this.crmFile?.close();
    this.intakeFile = this.crmFile = this.walDescriptor = undefined;
  }

  /**
   * Commits the turn's deliveries, and answers them once the WAL is on the disk: a delivery is answered once
   * stored, and the answer is a promise that it survives a power cut too. SQLite's synchronous = FULL would
   * wait for the disk inside the commit, holding the server's one thread still meanwhile (V2's bursts read
   * p95 about 2 ms higher, docs/performance.md); the file is committed with NORMAL instead, and the same sync of
   * the WAL that FULL adds after each commit is done by a thread of the pool, while the thread goes on
   * answering. The durability is FULL's; only who waits for the disk differs.
   */
  private commitArriving(): void {
    const arriving = this.arriving;
    if (!arriving) return;
    this.arriving = null;
    let wal: number;
    try {
      const file = this.intakeConnection();
      const insert = file.query("INSERT INTO webhook_deliveries (resource_url, resource_type, received_at) VALUES (?, ?, ?)");
      const now = Date.now();
      inTransaction(file, () => arriving.forEach((delivery) => (delivery.id = Number(insert.run(delivery.resourceUrl, delivery.resourceType, now).lastInsertRowid))));
      wal = this.walDescriptor!;
    } catch (error) {
      for (const delivery of arriving) delivery.stored.reject(error);
      return;
    }
    this.awaitingDisk.add(arriving);
    fsync(wal, (error) => {
      // Answered already when the intake closed meanwhile, having waited for the disk itself.
      if (!this.awaitingDisk.delete(arriving)) return;
      if (error) for (const delivery of arriving) delivery.stored.reject(error);
      else answerStored(arriving);
    });
  }

  /**
   * Opened on first use, and again after close: a delivery whose request was still being read when the
   * server began to stop is stored all the same (its file is then closed by the process's end; what was
   * committed is on disk either way).
   */
  private intakeConnection(): Database {
    if (this.intakeFile) return this.intakeFile;
    try {
      this.intakeFile = this.openIntakeFile();
    } catch (error) {
      if (!isDamagedDatabase(error)) throw error;
      // Deliveries must go on being stored: the damaged file is kept as it is, and a new one begun, numbered
      // on from crm.db's (below). What it held and had not moved is fetched again by a backfill.
      const keptAs = setDatabaseFileAside(this.file, path.dirname(this.file), "webhook-intake-damaged");
      this.notice(
        `${new Date().toISOString()} webhook intake: ${this.file} could not be read (SQLite: ${(error as Error).message}); it is kept as ${keptAs} ` +
          "and a new one begun. Run a backfill to fetch the orders of deliveries it held that were not yet moved into crm.db.",
      );
      this.intakeFile = this.openIntakeFile();
    }
    return this.intakeFile;
  }

  private openIntakeFile(): Database {
    const file = new Database(this.file, { create: true, strict: true });
    try {
      this.prepareIntakeFile(file);
      this.walDescriptor = openSync(`${this.file}-wal`, "r");
      // The WAL's name in the directory must survive a power cut too, as FULL's first sync of a new WAL sees to.
      const directory = openSync(path.dirname(this.file), "r");
      try {
        fsyncSync(directory);
      } finally {
        closeSync(directory);
      }
    } catch (error) {
      if (this.walDescriptor !== undefined) closeSync(this.walDescriptor);
      this.walDescriptor = undefined;
      file.close();
      throw error;
    }
    return file;
  }

  private prepareIntakeFile(file: Database): void {
    file.run("PRAGMA journal_mode = WAL");
    // A delivery is answered once it survives a power cut too: commitArriving syncs the WAL after each commit, as FULL would.
    file.run("PRAGMA synchronous = NORMAL");
    // Only this server writes the file: a lock held elsewhere would be a mistake, to fail on, not to wait for.
    file.run("PRAGMA busy_timeout = 0");
    // AUTOINCREMENT: numbers are never used again once their rows are moved out and deleted, as intake_id must be unique.
    file.run("CREATE TABLE IF NOT EXISTS webhook_deliveries (id INTEGER PRIMARY KEY AUTOINCREMENT, resource_url TEXT NOT NULL, resource_type TEXT NOT NULL, received_at INTEGER NOT NULL)");
    // A new or replaced file would number from 1 again, and deliveries numbered like ones already moved
    // would be ignored as moved twice: numbering goes on past the highest number crm.db holds.
    const movedUpTo = this.db.$client.query<{ id: number }, []>("SELECT coalesce(max(intake_id), 0) AS id FROM webhook_events").get()!.id;
    inTransaction(file, () => {
      file.query("INSERT INTO sqlite_sequence (name, seq) SELECT 'webhook_deliveries', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'webhook_deliveries')").run();
      file.query("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'webhook_deliveries'").run(movedUpTo);
    });
  }

  /**
   * A connection to crm.db of the intake's own: it never waits for another process's write lock (the
   * server's one thread would stand still meanwhile), and its commits wait for the disk (FULL), since a
   * delivery is removed from the intake as soon as its move into crm.db is committed.
   */
  private crmConnection(): Database {
    if (this.crmFile) return this.crmFile;
    const crm = new Database(this.db.$client.filename, { strict: true });
    neverWaitOnEventLoop(crm);
    crm.run("PRAGMA synchronous = FULL");
    this.crmFile = crm;
    return crm;
  }
}

/** A delivery of the turn being committed, with its number here once it has one. */
type Arriving = ArrivingDelivery & { stored: PromiseWithResolvers<{ id: number }>; id?: number };

function answerStored(arriving: Arriving[]): void {
  for (const delivery of arriving) delivery.stored.resolve({ id: delivery.id! });
}

/**
 * Deliveries moved into crm.db per transaction: each holds crm.db's write lock for about 2 ms (measured,
 * with its disk wait), and a whole move, the intake's own commit included, takes the event loop 8-12 ms.
 */
const MOVE_BATCH_SIZE = 200;
