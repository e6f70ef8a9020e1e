import { chmodSync, existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The umask of every process of the command line: what the CRM creates (the database and its WAL, the
 * webhook intake, uploads, exports) is its owner's alone, files 0600 and directories 0700.
 */
export const OWNER_ONLY_UMASK = 0o077;

/**
 * The data directory holds password hashes, session hashes, the ShipStation secrets and every customer's
 * orders: only its owner may read it. What this version creates is made so (OWNER_ONLY_UMASK); what an
 * older version or a copy left readable by others is tightened here, when the database is opened.
 * Only the CRM's own files are touched, whatever else the directory holds. Returns the paths tightened,
 * for the caller to say so.
 */
export function keepDataDirPrivate(dataDir: string, ownFiles: readonly string[], ownDirectories: readonly string[]): string[] {
  const tightened: string[] = [];
  const tighten = (target: string, mode: number) => {
    if (!existsSync(target) || (statSync(target).mode & 0o777 & ~mode) === 0) return;
    chmodSync(target, mode);
    tightened.push(target);
  };
  tighten(dataDir, 0o700);
  for (const name of ownFiles) tighten(path.join(dataDir, name), 0o600);
  for (const name of ownDirectories) {
    const directory = path.join(dataDir, name);
    tighten(directory, 0o700);
    if (!existsSync(directory)) continue;
    for (const entry of readdirSync(directory, { withFileTypes: true })) if (entry.isFile()) tighten(path.join(directory, entry.name), 0o600);
  }
  return tightened;
}
