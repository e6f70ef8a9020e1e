import type { ActivityEntry } from "../../contracts/activity.ts";
import type { ActivityEntry as StoredActivityEntry } from "../../core/timeline/timeline-entries.ts";

export function toActivityJson(entry: StoredActivityEntry): ActivityEntry {
  return { id: entry.id, kind: entry.kind, summary: entry.summary, actorName: entry.actorName, occurredAt: entry.occurredAt.toISOString() };
}
