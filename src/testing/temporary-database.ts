import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type OpenedDatabase } from "../core/database/open.ts";

/** A real, migrated SQLite database in a fresh temporary directory; `dispose` removes both. */
export function temporaryDatabase(): OpenedDatabase & { dataDir: string; dispose(): void } {
  const dataDir = mkdtempSync(path.join(tmpdir(), "crm-test-"));
  const opened = openDatabase(dataDir);
  return {
    ...opened,
    dataDir,
    dispose() {
      opened.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
