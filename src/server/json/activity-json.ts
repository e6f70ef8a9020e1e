import type { ActivityEntry } from "../../core/activity/activity.ts";

export function toActivityJson(entry: ActivityEntry) {
  return { id: entry.id, kind: entry.kind, summary: entry.summary, actorName: entry.actorName, occurredAt: entry.occurredAt.toISOString() };
}
