import { pruneAuditTrail } from "../../core/audit/audit-retention.ts";
import { whenDatabaseFree } from "../../core/database/busy.ts";
import type { CrmDatabase } from "../../core/database/open.ts";
import { startPeriodicPass, type PeriodicPass } from "./periodic-pass.ts";

/**
 * Lets the audit trail's entries go once the retention setting says they are too old: when the server
 * starts, then daily. Nothing goes while the setting is 'keep forever', the default. The delete waits for
 * another process's write lock without holding the event loop.
 */
export function startAuditPruner(db: CrmDatabase): PeriodicPass {
  return startPeriodicPass("audit pruner", () => whenDatabaseFree(() => pruneAuditTrail(db)), { everyMs: PRUNE_EVERY_MS });
}

const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;
