import { readdirSync, rmSync } from "node:fs";
import path from "node:path";

/**
 * Folders beside a database that hold a file per process using it, named by the process's pid, alone or
 * before a dash (`1234`, `1234-2.db`): the database's openers (openers.ts), an import's scratch files
 * (orders-by-customer.ts). A file whose process is gone was left by a killed one; this removes such files
 * and returns the names of the others, none when the folder does not exist.
 */
export function filesOfRunningProcesses(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.filter((name) => {
    if (isProcessRunning(Number(name.split("-")[0]))) return true;
    rmSync(path.join(folder, name), { force: true });
    return false;
  });
}

function isProcessRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
