import { openCrmDatabase, type OpenedCrmDatabase } from "../core/startup/open-crm-database.ts";
import { temporaryDirectory } from "./temporary-directory.ts";

/** A real, migrated SQLite database in a fresh temporary directory; `dispose` removes both. */
export function temporaryDatabase(): OpenedCrmDatabase & { dataDir: string; dispose(): void } {
  const directory = temporaryDirectory("crm-test-");
  const opened = openCrmDatabase(directory.path);
  return {
    ...opened,
    dataDir: directory.path,
    dispose() {
      opened.close();
      directory.dispose();
    },
  };
}
