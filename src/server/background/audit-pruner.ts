import { pruneAuditTrail } from "../../core/audit/audit-retention.ts";
import { whenDatabaseFree } from "../../core/database/busy.ts";
import type { CrmDatabase } from "../../core/database/open.ts";
import { logFailure } from "../failure-log.ts";

export interface AuditPruner {
  stop(): void;
}

/**
 * Lets the audit trail's entries go once the retention setting says they are too old: when the server
 * starts, then daily. Nothing goes while the setting is 'keep forever', the default. The delete waits for
 * another process's write lock without holding the event loop.
 */
export function startAuditPruner(db: CrmDatabase, options: { everyMs?: number } = {}): AuditPruner {
  const everyMs = options.everyMs ?? PRUNE_EVERY_MS;
  let stopped = false;
  const pruneThenWait = async () => {
    try {
      await whenDatabaseFree(() => pruneAuditTrail(db));
    } catch (error) {
      logFailure("audit pruner", error);
    }
    if (!stopped) timer = setTimeout(pruneThenWait, everyMs);
  };
  // On a later turn, so that the server starts answering first.
  let timer = setTimeout(pruneThenWait, 0);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;
