import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isDatabaseBusy } from "../database/busy.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { WEBHOOK_INTAKE_FILE_NAME, WebhookIntake } from "./webhook-intake.ts";

describe("the webhook intake file", () => {
  let database: ReturnType<typeof temporaryDatabase>;
  let intake: WebhookIntake;
  beforeEach(() => {
    database = temporaryDatabase();
    intake = new WebhookIntake(database.db);
  });
  afterEach(() => {
    intake.close();
    database.dispose();
  });

  const delivery = (n: number) => ({ resourceUrl: `https://ssapi.shipstation.com/orders?importBatch=batch-${n}`, resourceType: "ORDER_NOTIFY" });
  const events = () => database.sqlite.query("SELECT intake_id AS intakeId, resource_url AS resourceUrl, state FROM webhook_events ORDER BY id").all();
  const moveAll = () => {
    while (intake.moveBatchIntoDatabase() > 0);
  };

  test("deliveries are moved into crm.db as pending events, in the order they arrived, and leave the intake", async () => {
    const stored = await Promise.all([1, 2, 3].map((n) => intake.store(delivery(n))));
    expect(intake.countWaiting()).toBe(3);
    moveAll();
    expect(events()).toEqual(stored.map(({ id }, i) => ({ intakeId: id, resourceUrl: delivery(i + 1).resourceUrl, state: "pending" })));
    expect(intake.countWaiting()).toBe(0);
    expect(intake.moveBatchIntoDatabase()).toBe(0);
  });

  test("a delivery moved twice, as after a crash between crm.db's commit and the intake's, is stored once", async () => {
    const [first] = await Promise.all([1, 2].map((n) => intake.store(delivery(n))));
    // As a move that committed in crm.db and was stopped before removing the delivery from the intake.
    database.sqlite.run("INSERT INTO webhook_events (intake_id, resource_url, resource_type, state, next_attempt_at, received_at) VALUES (?, ?, 'ORDER_NOTIFY', 'pending', 0, 0)", [first!.id, delivery(1).resourceUrl]);
    expect(intake.countWaiting()).toBe(1);
    moveAll();
    expect(events()).toHaveLength(2);
    expect(new Set(events().map((event) => (event as { intakeId: number }).intakeId)).size).toBe(2);
  });

  test("a new intake file numbers its deliveries on from those crm.db already holds, so none is taken for moved twice", async () => {
    await Promise.all([1, 2, 3].map((n) => intake.store(delivery(n))));
    moveAll();
    intake.close();
    for (const suffix of ["", "-wal", "-shm"]) rmSync(path.join(database.dataDir, WEBHOOK_INTAKE_FILE_NAME + suffix), { force: true });
    intake = new WebhookIntake(database.db);
    const { id } = await intake.store(delivery(4));
    expect(id).toBe(4);
    moveAll();
    expect(events()).toHaveLength(4);
  });

  test("a damaged intake file is kept as it is and a new one begun, numbered on from crm.db's, with a line for the log", async () => {
    await Promise.all([1, 2].map((n) => intake.store(delivery(n))));
    moveAll();
    intake.close();
    for (const suffix of ["-wal", "-shm"]) rmSync(path.join(database.dataDir, WEBHOOK_INTAKE_FILE_NAME + suffix), { force: true });
    writeFileSync(path.join(database.dataDir, WEBHOOK_INTAKE_FILE_NAME), "no longer a database");
    const notices: string[] = [];
    intake = new WebhookIntake(database.db, (line) => notices.push(line));

    const { id } = await intake.store(delivery(3));
    expect(id).toBe(3);
    moveAll();
    expect(events()).toHaveLength(3);
    const kept = readdirSync(database.dataDir).filter((name) => name.startsWith("webhook-intake-damaged-"));
    expect(kept).toHaveLength(1);
    expect(readFileSync(path.join(database.dataDir, kept[0]!), "utf8")).toBe("no longer a database");
    expect(notices).toEqual([expect.stringContaining(`could not be read (SQLite: file is not a database); it is kept as ${path.join(database.dataDir, kept[0]!)} and a new one begun. Run a backfill`)]);
  });

  test("while another connection holds crm.db's write lock, a move is refused at once and changes nothing", async () => {
    const { id } = await intake.store(delivery(1));
    const other = new Database(database.file);
    other.run("BEGIN IMMEDIATE");
    const started = performance.now();
    let refusal: unknown;
    try {
      intake.moveBatchIntoDatabase();
    } catch (error) {
      refusal = error;
    } finally {
      other.run("COMMIT");
      other.close();
    }
    expect(performance.now() - started).toBeLessThan(50);
    expect(isDatabaseBusy(refusal)).toBe(true);
    expect(intake.countWaiting()).toBe(1);
    expect(intake.moveBatchIntoDatabase()).toBe(1);
    expect(events()).toEqual([{ intakeId: id, resourceUrl: delivery(1).resourceUrl, state: "pending" }]);
  });

  test("deliveries arriving after the intake was closed are stored all the same", async () => {
    intake.close();
    const { id } = await intake.store(delivery(1));
    expect(id).toBe(1);
    expect(intake.countWaiting()).toBe(1);
  });

  test("closing commits the deliveries of the current turn before it releases the file", async () => {
    const stored = intake.store(delivery(1));
    intake.close();
    expect(await stored).toEqual({ id: 1 });
    expect(intake.countWaiting()).toBe(1);
  });

  test("closing answers the deliveries committed and still waiting for the disk, once it has synced them itself", async () => {
    const stored = intake.store(delivery(1));
    // The turn's commit is done; its wait for the disk, on the pool, may not be.
    await new Promise((resolve) => setImmediate(resolve));
    intake.close();
    expect(await stored).toEqual({ id: 1 });
    expect(intake.countWaiting()).toBe(1);
  });
});
