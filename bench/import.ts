/**
 * npm run bench:import — the import's speed and memory on a 1,000,000-row export (~500,000 orders,
 * 100,000 customers), against sqlite3's own CSV import of the same file as the yardstick.
 * Targets: import time at most 1.5x sqlite3's, peak RSS at most 256 MiB, and the same for a re-import,
 * which must report zero changes. And with a team: the same file imported where two users were
 * added first (task automation on, so its customers who are new that day get welcome tasks) takes at most
 * 10% longer than into the empty data directory, and a file twice as large, with the same team, at most
 * 2.2x as long.
 *
 * Each round times sqlite3, then imports into an empty data directory, then imports the same file again,
 * then imports the file and the one twice its size where the team was added; a ratio compares times of
 * the same round, so that load from elsewhere on the machine weighs on both. Nothing else has those
 * databases open, so a first import is written in one transaction; the re-import, into a database that
 * has orders, commits in batches.
 *
 * Last in each round, the file is imported into an empty data directory that this process has open and
 * writes to, a small write every 20 ms as a server or another command would: the import then commits in
 * batches and pauses between them. Reported: its time against the import in one transaction, and how
 * long those writes waited for the lock (target: at most 250 ms each).
 *
 * Then, as production runs every import, the file is imported beside a running `crm serve`: idle, and with
 * the bench:concurrency load at work (bench/support/import-beside-server.ts). Targets: at most 1.5x the
 * import alone (into an empty data directory, in one transaction), the WAL never above 256 MB.
 * BENCH_ROUNDS (default 2) rounds run and their medians are reported; BENCH_ROWS changes the file size
 * (the larger file has twice as many rows).
 */
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { importBesideServer, startShipStationForLoad, type ImportBesideServer } from "./support/import-beside-server.ts";
import { builtCrm } from "../src/testing/built-crm.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TIME_RATIO_TARGET = 1.5;
const PEAK_RSS_TARGET_MIB = 256;
const TEAM_RATIO_TARGET = 1.1;
const DOUBLE_FILE_RATIO_TARGET = 2.2;
const OTHER_WRITER_WAIT_TARGET_MS = 250;
const BESIDE_SERVER_RATIO_TARGET = 1.5;
const WAL_TARGET_MIB = 256;
const CRM = builtCrm();
const work = mkdtempSync(path.join(tmpdir(), "crm-bench-import-"));
const exportFile = path.join(work, "orders.csv");
const doubleExportFile = path.join(work, "orders-double.csv");
const shipStation = await startShipStationForLoad();

try {
  await ensureSqlite3();

  await generateExport(ROWS, exportFile);
  await generateExport(2 * ROWS, doubleExportFile);

  const rounds: Round[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const dataDir = path.join(work, `data-${round}`);
    const sqlite = await run(["sqlite3", ":memory:", `.import --csv ${exportFile} raw`]);
    const first = await run([CRM, "import-csv", exportFile, "--json", "--data-dir", dataDir]);
    const again = await run([CRM, "import-csv", exportFile, "--json", "--data-dir", dataDir]);
    rmSync(dataDir, { recursive: true, force: true });
    const team = await importWithTeam(exportFile, path.join(work, `team-${round}`));
    const teamDoubleFile = await importWithTeam(doubleExportFile, path.join(work, `team-double-${round}`));
    // Told before the slowest step, so that a run stopped during it still leaves these figures.
    console.log(
      `  round ${round}: sqlite3 ${seconds(sqlite.ms)}, import ${seconds(first.ms)} (peak RSS ${(first.maxRssBytes / 2 ** 20).toFixed(0)} MiB), re-import ${seconds(again.ms)}, ` +
        `with a team ${seconds(team.ms)}, twice the rows with a team ${seconds(teamDoubleFile.ms)}, load average ${loadAverage()}`,
    );
    const besideWriter = await importBesideWriter(exportFile, path.join(work, `beside-writer-${round}`));
    console.log(`  round ${round}: in batches beside a writer ${seconds(besideWriter.ms)} (its longest wait ${besideWriter.waitsMs.at(-1)!.toFixed(0)} ms)`);
    const besideIdleServer = await importBesideServer(exportFile, path.join(work, `beside-idle-${round}`), shipStation.url, "idle");
    const besideWorkingStaff = await importBesideServer(exportFile, path.join(work, `beside-staff-${round}`), shipStation.url, "staff");
    rounds.push({ sqlite, first, again, team, teamDoubleFile, besideWriter, besideIdleServer, besideWorkingStaff });
    console.log(
      `  round ${round}: beside an idle server ${seconds(besideIdleServer.seconds * 1000)} (largest WAL ${mib(besideIdleServer.largestWalBytes)}), ` +
        `beside working staff ${seconds(besideWorkingStaff.seconds * 1000)} (largest WAL ${mib(besideWorkingStaff.largestWalBytes)})`,
    );
  }

  const firstResult = importResult(rounds[0]!.first);
  const againResults = rounds.map((round) => importResult(round.again));
  console.log();
  console.log(`Medians of ${ROUNDS} round${ROUNDS === 1 ? "" : "s"}:`);
  console.log(`${"sqlite3 .import --csv".padEnd(34)}${seconds(median(rounds.map((round) => round.sqlite.ms)))}  ${rowsPerSecond(ROWS, median(rounds.map((round) => round.sqlite.ms)))}`);
  report("crm import-csv (empty database)", rounds, (round) => round.first);
  console.log(
    `  ${firstResult.processed.toLocaleString("en-US")} rows, ${firstResult.ordersCreated.toLocaleString("en-US")} orders, ` +
      `${firstResult.created.toLocaleString("en-US")} accounts, ${firstResult.skipped.toLocaleString("en-US")} bad rows`,
  );
  report("crm import-csv (same file again)", rounds, (round) => round.again);
  const changed = againResults.filter((result) => result.ordersCreated + result.ordersUpdated + result.created + result.updated > 0);
  console.log(`  changes reported by the re-imports: ${changed.length === 0 ? "none (target met)" : `${JSON.stringify(changed)} (target MISSED)`}`);
  reportTeam(rounds);
  reportBesideWriter(rounds);
  reportBesideServer(rounds, "an idle server", (round) => round.besideIdleServer);
  reportBesideServer(rounds, "working staff", (round) => round.besideWorkingStaff);
} finally {
  await shipStation.stop();
  rmSync(work, { recursive: true, force: true });
}

interface Round {
  sqlite: Measured;
  /** Into an empty data directory: no users, so no welcome tasks. */
  first: Measured;
  again: Measured;
  team: TeamImport;
  teamDoubleFile: TeamImport;
  besideWriter: ImportBesideWriter;
  besideIdleServer: ImportBesideServer;
  besideWorkingStaff: ImportBesideServer;
}

interface ImportBesideWriter extends Measured {
  /** How long each of the other connection's writes waited, ascending. */
  waitsMs: number[];
}

interface TeamImport extends Measured {
  welcomeTasks: number;
}

/**
 * The history ends on the day the benchmark runs, as a first import's does: a fixed day would drift into
 * the past and leave no new customers to welcome.
 */
async function generateExport(rows: number, file: string): Promise<void> {
  console.log(`Generating a ${rows.toLocaleString("en-US")}-row ShipStation export...`);
  await run([CRM, "demo-data", "--rows", String(rows), "--out", file]);
  console.log(`  ${(statSync(file).size / 1e6).toFixed(0)} MB`);
}

/** Imports a file where an administrator and a salesperson were added first, with task automation as it comes (on). */
async function importWithTeam(file: string, dataDir: string): Promise<TeamImport> {
  for (const [email, role] of [["admin@bench.example", "admin"], ["sales@bench.example", "sales"]] as const) {
    await run([CRM, "user", "add", "--email", email, "--name", `Bench ${role}`, "--role", role, "--password", "bench-password-1", "--data-dir", dataDir]);
  }
  const measured = await run([CRM, "import-csv", file, "--json", "--data-dir", dataDir]);
  const db = new Database(path.join(dataDir, "crm.db"), { readonly: true });
  const { welcomeTasks } = db.query("SELECT count(*) AS welcomeTasks FROM tasks WHERE source = 'welcome'").get() as { welcomeTasks: number };
  db.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { ...measured, welcomeTasks };
}

/**
 * Imports the file into an empty data directory while this process has its database open and writes a
 * setting every 20 ms, waiting for the lock the way SQLite does (busy_timeout), as a command beside the
 * import would; the server retries asynchronously instead, which bench:concurrency measures.
 */
async function importBesideWriter(file: string, dataDir: string): Promise<ImportBesideWriter> {
  await run([CRM, "migrate", "--data-dir", dataDir]);
  const writer = new Database(path.join(dataDir, "crm.db"));
  writer.run("PRAGMA busy_timeout = 5000");
  const write = writer.query("INSERT INTO settings (key, value) VALUES ('productName', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  const waitsMs: number[] = [];
  let importing = true;
  const importRun = run([CRM, "import-csv", file, "--json", "--data-dir", dataDir]).finally(() => {
    importing = false;
  });
  while (importing) {
    const started = performance.now();
    try {
      write.run(`Bench ${waitsMs.length}`);
    } catch (error) {
      // Waited out the whole busy timeout: recorded as the wait it was, which the report shows as missed.
      if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
    }
    waitsMs.push(performance.now() - started);
    await Bun.sleep(20);
  }
  const measured = await importRun;
  writer.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { ...measured, waitsMs: waitsMs.toSorted((a, b) => a - b) };
}

function reportBesideWriter(rounds: Round[]): void {
  const ms = median(rounds.map((round) => round.besideWriter.ms));
  const ratio = median(rounds.map((round) => round.besideWriter.ms / round.first.ms));
  const waits = rounds.flatMap((round) => round.besideWriter.waitsMs).toSorted((a, b) => a - b);
  const at = (fraction: number) => waits[Math.min(waits.length - 1, Math.floor(fraction * waits.length))]!;
  const longest = waits.at(-1)!;
  console.log(`${"crm import-csv (beside a writer)".padEnd(34)}${seconds(ms)}  ${rowsPerSecond(ROWS, ms)}  in batches, ratio to one transaction ${ratio.toFixed(2)}`);
  console.log(
    `  ${waits.length.toLocaleString("en-US")} writes beside it waited p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, ` +
      `max ${longest.toFixed(1)} ms (target <= ${OTHER_WRITER_WAIT_TARGET_MS} ms ${longest <= OTHER_WRITER_WAIT_TARGET_MS ? "met" : "MISSED"})`,
  );
}

/** Beside a running server an import may take at most 1.5x as long as alone, and the WAL stay under 256 MB. */
function reportBesideServer(rounds: Round[], label: string, besideOf: (round: Round) => ImportBesideServer): void {
  const ms = median(rounds.map((round) => besideOf(round).seconds * 1000));
  const ratio = median(rounds.map((round) => (besideOf(round).seconds * 1000) / round.first.ms));
  const largestWal = Math.max(...rounds.map((round) => besideOf(round).largestWalBytes));
  const walMet = largestWal / 2 ** 20 <= WAL_TARGET_MIB;
  console.log(
    `${`crm import-csv (beside ${label})`.padEnd(34)}${seconds(ms)}  ${rowsPerSecond(ROWS, ms)}  ` +
      `ratio to alone ${ratio.toFixed(2)} (target <= ${BESIDE_SERVER_RATIO_TARGET} ${ratio <= BESIDE_SERVER_RATIO_TARGET ? "met" : "MISSED"})  ` +
      `largest WAL ${mib(largestWal)} (target <= ${WAL_TARGET_MIB} ${walMet ? "met" : "MISSED"})`,
  );
}

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(0)} MiB`;
}

/** A team's welcome tasks may cost at most 10% of the import, and the import's time must grow in step with the file. */
function reportTeam(rounds: Round[]): void {
  const teamMs = median(rounds.map((round) => round.team.ms));
  const teamRatio = median(rounds.map((round) => round.team.ms / round.first.ms));
  console.log(
    `${"crm import-csv (two users)".padEnd(34)}${seconds(teamMs)}  ${rowsPerSecond(ROWS, teamMs)}  ` +
      `ratio to no users ${teamRatio.toFixed(2)} (target <= ${TEAM_RATIO_TARGET.toFixed(2)} ${teamRatio <= TEAM_RATIO_TARGET ? "met" : "MISSED"})`,
  );
  console.log(`  ${rounds[0]!.team.welcomeTasks.toLocaleString("en-US")} welcome tasks created`);
  const doubleMs = median(rounds.map((round) => round.teamDoubleFile.ms));
  const doubleRatio = median(rounds.map((round) => round.teamDoubleFile.ms / round.team.ms));
  console.log(
    `${`${(2 * ROWS).toLocaleString("en-US")} rows (two users)`.padEnd(34)}${seconds(doubleMs)}  ${rowsPerSecond(2 * ROWS, doubleMs)}  ` +
      `ratio to ${ROWS.toLocaleString("en-US")} rows ${doubleRatio.toFixed(2)} (target <= ${DOUBLE_FILE_RATIO_TARGET} ${doubleRatio <= DOUBLE_FILE_RATIO_TARGET ? "met" : "MISSED"})`,
  );
  console.log(`  ${rounds[0]!.teamDoubleFile.welcomeTasks.toLocaleString("en-US")} welcome tasks created`);
}

function report(label: string, rounds: Round[], importOf: (round: Round) => Measured): void {
  const ms = median(rounds.map((round) => importOf(round).ms));
  const ratio = median(rounds.map((round) => importOf(round).ms / round.sqlite.ms));
  // Bun reports a child's maxRSS in bytes (Node's process.resourceUsage() gives kilobytes).
  const rssMib = median(rounds.map((round) => importOf(round).maxRssBytes)) / 1024 / 1024;
  console.log(
    `${label.padEnd(34)}${seconds(ms)}  ${rowsPerSecond(ROWS, ms)}  ` +
      `ratio ${ratio.toFixed(2)} (target <= ${TIME_RATIO_TARGET} ${ratio <= TIME_RATIO_TARGET ? "met" : "MISSED"})  ` +
      `peak RSS ${rssMib.toFixed(0)} MiB (target <= ${PEAK_RSS_TARGET_MIB} ${rssMib <= PEAK_RSS_TARGET_MIB ? "met" : "MISSED"})`,
  );
}

function importResult(measured: Measured): { processed: number; created: number; updated: number; ordersCreated: number; ordersUpdated: number; skipped: number } {
  return JSON.parse(measured.stdout).results;
}

function rowsPerSecond(rows: number, ms: number): string {
  return `${Math.round(rows / (ms / 1000)).toLocaleString("en-US")} rows/s`.padStart(16);
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Other work on the machine slows every figure here; the one-minute load average shows how much there was. */
function loadAverage(): string {
  return loadavg()[0]!.toFixed(2);
}

interface Measured {
  ms: number;
  maxRssBytes: number;
  stdout: string;
}

async function run(command: string[]): Promise<Measured> {
  const started = performance.now();
  const child = Bun.spawn(command, { stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  const ms = performance.now() - started;
  if (exitCode !== 0) throw new Error(`${command.join(" ")} exited ${exitCode}: ${stderr}`);
  return { ms, maxRssBytes: child.resourceUsage()?.maxRSS ?? 0, stdout };
}

async function ensureSqlite3(): Promise<void> {
  if (Bun.which("sqlite3")) return;
  if (process.getuid?.() !== 0) throw new Error("sqlite3 is needed as the yardstick: sudo apt-get install -y sqlite3");
  console.log("Installing sqlite3 (apt-get install -y sqlite3)...");
  for (const command of [["apt-get", "update"], ["apt-get", "install", "-y", "sqlite3"]]) await run(command);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`.padStart(9);
}
