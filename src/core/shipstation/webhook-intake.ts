import { Database } from "bun:sqlite";
import path from "node:path";
import { neverWaitOnEventLoop, type CrmDatabase } from "../database/open.ts";
import { inTransaction } from "../database/transaction.ts";
import { IntakeWriter } from "./intake-writer.ts";

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
  private crmFile: Database | undefined;
  private writer: IntakeWriter | undefined;
  /** The highest delivery number moved into crm.db: those the writer has yet to remove are not moved again. */
  private movedUpTo: number | undefined;

  constructor(private readonly db: CrmDatabase) {
    this.file = path.join(path.dirname(db.$client.filename), WEBHOOK_INTAKE_FILE_NAME);
  }

  /** Stores a delivery and resolves with its number here once it is on disk (intake-writer.ts). */
  store(delivery: ArrivingDelivery): Promise<{ id: number }> {
    return this.intakeWriter().store(delivery);
  }

  /**
   * Moves the oldest stored deliveries (a small batch) into crm.db's webhook_events as pending events, then
   * has the writer remove them here. Returns how many it moved: 0 when none are left. While another process
   * holds crm.db's write lock it throws SQLITE_BUSY at once, having changed nothing, rather than wait: it is
   * done later.
   */
  moveBatchIntoDatabase(): number {
    this.movedUpTo ??= this.movedIntoDatabaseUpTo();
    const deliveries = this.intakeConnection()
      .query<{ id: number; resourceUrl: string; resourceType: string; receivedAt: number }, [number, number]>(
        "SELECT id, resource_url AS resourceUrl, resource_type AS resourceType, received_at AS receivedAt FROM webhook_deliveries WHERE id > ? ORDER BY id LIMIT ?",
      )
      .all(this.movedUpTo, MOVE_BATCH_SIZE);
    if (deliveries.length === 0) return 0;
    const crm = this.crmConnection();
    const insert = crm.query(
      "INSERT INTO webhook_events (intake_id, resource_url, resource_type, state, next_attempt_at, received_at) VALUES (?, ?, ?, 'pending', ?, ?) ON CONFLICT (intake_id) DO NOTHING",
    );
    inTransaction(crm, () => {
      for (const delivery of deliveries) insert.run(delivery.id, delivery.resourceUrl, delivery.resourceType, delivery.receivedAt, delivery.receivedAt);
    }, { immediate: true });
    this.movedUpTo = deliveries.at(-1)!.id;
    this.intakeWriter().removeUpTo(this.movedUpTo);
    return deliveries.length;
  }

  /** Deliveries stored here and not yet in webhook_events: pending events too, for Settings. */
  countWaiting(): number {
    // Rows already committed in crm.db and not yet removed here (a crash between the two commits) are not counted twice.
    return this.intakeConnection().query<{ n: number }, [number]>("SELECT count(*) AS n FROM webhook_deliveries WHERE id > ?").get(this.movedIntoDatabaseUpTo())!.n;
  }

  /** Commits deliveries still arriving and the removals asked for, then releases both files. */
  async close(): Promise<void> {
    const writer = this.writer;
    this.writer = undefined;
    await writer?.close();
    this.intakeFile?.close();
    this.crmFile?.close();
    this.intakeFile = this.crmFile = undefined;
  }

  /**
   * Started on first use, and again after close: a delivery whose request was still being read when the
   * server began to stop is stored all the same. The file is made ready here first (its table, and its
   * numbering), so the writer only ever adds and removes rows.
   */
  private intakeWriter(): IntakeWriter {
    if (this.writer) return this.writer;
    this.intakeConnection();
    this.writer = new IntakeWriter(this.file);
    // Left by a stop between crm.db's commit and the removal here: moved already, so removed now.
    const movedUpTo = this.movedIntoDatabaseUpTo();
    if (movedUpTo > 0) this.writer.removeUpTo(movedUpTo);
    return this.writer;
  }

  private movedIntoDatabaseUpTo(): number {
    return this.db.$client.query<{ id: number }, []>("SELECT coalesce(max(intake_id), 0) AS id FROM webhook_events").get()!.id;
  }

  /** The server's own connection to the file, for reading it: only the writer's thread writes it, once it is set up here. */
  private intakeConnection(): Database {
    if (this.intakeFile) return this.intakeFile;
    const file = new Database(this.file, { create: true, strict: true });
    file.run("PRAGMA journal_mode = WAL");
    // Only this server writes the file: a lock held elsewhere would be a mistake, to fail on, not to wait for.
    file.run("PRAGMA busy_timeout = 0");
    // AUTOINCREMENT: numbers are never used again once their rows are moved out and deleted, as intake_id must be unique.
    file.run("CREATE TABLE IF NOT EXISTS webhook_deliveries (id INTEGER PRIMARY KEY AUTOINCREMENT, resource_url TEXT NOT NULL, resource_type TEXT NOT NULL, received_at INTEGER NOT NULL)");
    // A new or replaced file would number from 1 again, and deliveries numbered like ones already moved
    // would be ignored as moved twice: numbering goes on past the highest number crm.db holds.
    const movedUpTo = this.movedIntoDatabaseUpTo();
    inTransaction(file, () => {
      file.query("INSERT INTO sqlite_sequence (name, seq) SELECT 'webhook_deliveries', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'webhook_deliveries')").run();
      file.query("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'webhook_deliveries'").run(movedUpTo);
    });
    this.intakeFile = file;
    return file;
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

/**
 * Deliveries moved into crm.db per transaction: each holds crm.db's write lock for about 2 ms (measured,
 * with its disk wait), and a whole move, the intake's own commit included, takes the event loop 8-12 ms.
 */
const MOVE_BATCH_SIZE = 200;
