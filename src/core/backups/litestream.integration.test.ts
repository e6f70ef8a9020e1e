import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { builtCrm } from "../../testing/built-crm.ts";
import { CLI_TEST_TIMEOUT_MS, runCrm } from "../../testing/run-crm.ts";
import { temporaryDirectory, type TemporaryDirectory } from "../../testing/temporary-directory.ts";

/**
 * The Litestream recipe of docs/off-site-backups.md, run as written: Litestream replicating the data directory's
 * database to a file replica while `crm serve` runs and an import writes beside it, then `litestream
 * restore` giving back the same data. Litestream is the binary the @flydotio/litestream-linux-x64 package
 * ships (an optional dependency: npm installs it on Linux x64 only, where CI runs; elsewhere this test
 * cannot run, and says so).
 */
setDefaultTimeout(CLI_TEST_TIMEOUT_MS * 6);

const LITESTREAM = path.join(import.meta.dir, "../../../node_modules/@flydotio/litestream-linux-x64/litestream");

describe("Litestream beside crm serve and an import", () => {
  let dir: TemporaryDirectory;
  const children: Bun.Subprocess[] = [];
  beforeEach(() => {
    dir = temporaryDirectory("crm-litestream-");
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill("SIGKILL");
    dir.dispose();
  });

  const dataDir = () => path.join(dir.path, "data");
  const config = () => path.join(dir.path, "litestream.yml");

  test.skipIf(!existsSync(LITESTREAM))("replicates every write, and litestream restore gives back an integral database with the same rows", async () => {
    for (const [seed, rows] of [["1", "6000"], ["2", "12000"]] as const) {
      expect((await runCrm(["demo-data", "--rows", rows, "--seed", seed, "--out", path.join(dir.path, `orders-${seed}.csv`)])).exitCode).toBe(0);
    }
    expect((await runCrm(["import-csv", path.join(dir.path, "orders-1.csv"), "--data-dir", dataDir()])).exitCode).toBe(0);
    writeFileSync(
      config(),
      ["dbs:", `  - path: ${path.join(dataDir(), "crm.db")}`, "    replicas:", "      - type: file", `        path: ${path.join(dir.path, "replica")}`, "        sync-interval: 1s", ""].join("\n"),
    );

    const litestream = spawn([LITESTREAM, "replicate", "-config", config()]);
    await until(() => existsSync(path.join(dir.path, "replica", "generations")));
    const server = spawn([builtCrm(), "serve", "--port", "0", "--data-dir", dataDir()]);
    await untilSays(server, /is running at/);

    // Another process writes while the server's checkpoints and Litestream's run.
    const imported = await runCrm(["import-csv", path.join(dir.path, "orders-2.csv"), "--data-dir", dataDir()]);
    expect(imported.exitCode).toBe(0);
    server.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    // Litestream copies what is left of the WAL as it stops.
    litestream.kill("SIGTERM");
    await litestream.exited;

    const restored = path.join(dir.path, "restored.db");
    const restore = spawn([LITESTREAM, "restore", "-config", config(), "-o", restored, path.join(dataDir(), "crm.db")]);
    expect(await restore.exited).toBe(0);
    const live = contentsOf(path.join(dataDir(), "crm.db"));
    expect(live?.orders).toBeGreaterThan(5000);
    expect(contentsOf(restored)).toEqual(live);
  });

  function spawn(command: string[]) {
    const child = Bun.spawn(command, { stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    children.push(child);
    return child;
  }
});

/** What the database holds, in counts and sums, and whether SQLite finds it whole. */
function contentsOf(file: string) {
  const database = new Database(file, { readonly: true });
  try {
    return database
      .query<Record<string, number | string>, []>(
        `SELECT (SELECT integrity_check FROM pragma_integrity_check) AS integrity,
                (SELECT count(*) FROM accounts) AS accounts, (SELECT count(*) FROM orders) AS orders,
                (SELECT sum(total_cents) FROM orders) AS totalCents, (SELECT count(*) FROM activities) AS activities,
                (SELECT count(*) FROM __drizzle_migrations) AS migrations`,
      )
      .get();
  } finally {
    database.close();
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await Bun.sleep(50);
}

async function untilSays(child: Bun.Subprocess<"ignore", "pipe", "pipe">, words: RegExp): Promise<void> {
  const reader = child.stdout.getReader();
  let told = "";
  while (!words.test(told)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`The process ended before saying ${words}: ${told}`);
    told += new TextDecoder().decode(value);
  }
  reader.releaseLock();
}
