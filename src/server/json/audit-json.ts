import type { ActorSource, AuditEntry } from "../../contracts/audit.ts";
import type { AuditRow } from "../../core/audit/audit-trail.ts";

export function toAuditJson(row: AuditRow, undoable: boolean): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorUserId: row.actorUserId,
    actorName: row.actorName,
    actorSource: row.actorSource as ActorSource,
    entity: row.entity,
    entityId: row.entityId,
    accountId: row.accountId,
    action: row.action,
    summary: row.summary,
    changes: row.changes as AuditEntry["changes"],
    count: row.count,
    undoable,
  };
}
