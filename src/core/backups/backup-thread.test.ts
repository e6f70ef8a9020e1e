import { afterEach, beforeEach, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import path from "node:path";
import { SYSTEM } from "../changes/actor.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { abandonBackupsOnThread, takeBackupOnThread } from "./backup-thread.ts";
import { defaultBackupFile } from "./backup-taking.ts";
import { listBackups } from "./backups.ts";

let database: ReturnType<typeof temporaryDatabase>;
beforeEach(() => {
  database = temporaryDatabase();
  // Some megabytes to copy, check and compress.
  database.sqlite.run("INSERT INTO settings (key, value, updated_at) VALUES ('bulk', ?, 0)", ["x".repeat(8 * 1024 * 1024)]);
});
afterEach(() => database.dispose());

const backUp = () =>
  takeBackupOnThread(database.dataDir, { databaseFile: database.sqlite.filename, outFile: defaultBackupFile(database.dataDir, "manual"), appVersion: "test", takenBy: SYSTEM });

test("a stopping server abandons the backup under way: nothing is listed, and the next backup takes the lock and clears what it left", async () => {
  const taking = backUp();
  // Asked at once, as the thread starts: it never gets to answer.
  await abandonBackupsOnThread();
  await expect(taking).rejects.toMatchObject({ kind: "unavailable", message: "The backup was abandoned: the server is stopping. Take it again once it is running" });
  expect(listBackups(database.dataDir)).toEqual([]);

  const { file } = await backUp();
  expect(listBackups(database.dataDir).map((backup) => backup.name)).toEqual([path.basename(file)]);
  expect(readdirSync(path.dirname(file)).filter((name) => name.startsWith(".backup"))).toEqual([]);
});
