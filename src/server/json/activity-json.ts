import type { ActivityEntry } from "../../contracts/activity.ts";
import type { ActivityEntry as StoredActivityEntry } from "../../core/timeline/timeline-entries.ts";

/** A timeline line; a line staff log or the CRM writes opens no e-mail thread. */
export function toActivityJson(entry: StoredActivityEntry & { emailThreadId?: number | null }): ActivityEntry {
  return { id: entry.id, kind: entry.kind, summary: entry.summary, actorName: entry.actorName, occurredAt: entry.occurredAt.toISOString(), emailThreadId: entry.emailThreadId ?? null };
}
