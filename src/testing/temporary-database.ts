import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openCrmDatabase, type OpenedCrmDatabase } from "../core/startup/open-crm-database.ts";

/** A real, migrated SQLite database in a fresh temporary directory; `dispose` removes both. */
export function temporaryDatabase(): OpenedCrmDatabase & { dataDir: string; dispose(): void } {
  const dataDir = mkdtempSync(path.join(tmpdir(), "crm-test-"));
  const opened = openCrmDatabase(dataDir);
  return {
    ...opened,
    dataDir,
    dispose() {
      opened.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
