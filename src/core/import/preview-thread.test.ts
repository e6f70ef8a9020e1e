import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { exportCsv, itemRow } from "../../testing/shipstation-csv.ts";
import { temporaryDatabase } from "../../testing/temporary-database.ts";
import { abandonPreviewOnThread, previewCsvImportOnThread } from "./preview-thread.ts";

let database: ReturnType<typeof temporaryDatabase>;
beforeEach(() => {
  database = temporaryDatabase();
});
afterEach(() => database.dispose());

const copiesLeft = () => readdirSync(database.dataDir).filter((name) => name.startsWith("server-preview-"));

function exportFile(name: string, text: string): string {
  const file = path.join(database.dataDir, name);
  writeFileSync(file, text);
  return file;
}

const preview = (file: string) => previewCsvImportOnThread(database.dataDir, database.sqlite.filename, [{ path: file, displayName: "upload" }]);

test("a file the dry run rejects is rejected as the DomainError it was, and the copy is removed", async () => {
  await expect(preview(exportFile("empty.csv", ""))).rejects.toMatchObject({ name: "DomainError", kind: "invalid", field: "file", message: "The file is empty" });
  await expect(preview(exportFile("no-email.csv", "Order - Number,Date - Order Date\n1,4/2/2026\n"))).rejects.toMatchObject({ kind: "invalid", field: "file", message: expect.stringContaining("Customer Email") });
  expect(copiesLeft()).toEqual([]);
});

test("a copy a server that died mid-preview left is removed by the next preview", async () => {
  mkdirSync(path.join(database.dataDir, "server-preview-abc123"));
  writeFileSync(path.join(database.dataDir, "server-preview-abc123", "crm.db"), "left over");
  expect((await preview(exportFile("orders.csv", exportCsv([itemRow("1", "a@clinic.com")])))).results).toMatchObject({ processed: 1, created: 1 });
  expect(copiesLeft()).toEqual([]);
});

test("a stopping server abandons the preview under way: its caller is told so, its copy is removed, and the next preview runs", async () => {
  const file = exportFile("orders.csv", exportCsv(Array.from({ length: 2_000 }, (_, i) => itemRow(`A-${i}`, `buyer${i % 100}@clinic.com`))));
  const previewing = preview(file);
  // Asked at once, as the thread starts: it never gets to answer.
  await abandonPreviewOnThread();
  await expect(previewing).rejects.toMatchObject({ kind: "unavailable", message: "The preview was abandoned: the server is stopping. Preview the file again once it is running" });
  expect(copiesLeft()).toEqual([]);

  expect((await preview(file)).results).toMatchObject({ processed: 2_000, created: 100, ordersCreated: 2_000 });
  expect(copiesLeft()).toEqual([]);
});
