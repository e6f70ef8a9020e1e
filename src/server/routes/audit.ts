import { Elysia } from "elysia";
import { AuditList, AuditListQuery, AuditRetentionSettings } from "../../contracts/audit.ts";
import { undoableBulkChanges } from "../../core/accounts/bulk-changes.ts";
import { listAuditTrail } from "../../core/audit/audit-trail.ts";
import { readAuditRetention, saveAuditRetention } from "../../core/audit/audit-retention.ts";
import { actorOf } from "../../core/changes/actor.ts";
import type { ServerContext } from "../context.ts";
import { toAuditJson } from "../json/audit-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/** The audit trail and how long it is kept: administrators only, sales staff get 403. */
export function auditRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia()
    .use(sessionGuard(context))
    .get(
      "/api/admin/audit",
      ({ query, set }) => {
        const page = listAuditTrail(db, query);
        set.headers["x-total-count"] = String(page.total);
        const bulkChanges = page.entries.filter((entry) => entry.entity === "bulk_change" && entry.action === "bulk_changed" && entry.entityId !== null);
        const undoable = undoableBulkChanges(db, bulkChanges.map((entry) => entry.entityId!));
        return page.entries.map((entry) => toAuditJson(entry, bulkChanges.includes(entry) && undoable.has(entry.entityId!)));
      },
      { adminOnly: true, query: AuditListQuery, ...answers(AuditList, { description: "A page of the audit trail, newest first; X-Total-Count says how many entries match" }) },
    )
    .get("/api/settings/audit-retention", () => readAuditRetention(db), { adminOnly: true, ...answers(AuditRetentionSettings) })
    .put("/api/settings/audit-retention", ({ body, user }) => saveAuditRetention(db, body.retention, actorOf(user)), {
      adminOnly: true,
      body: AuditRetentionSettings,
      ...answers(AuditRetentionSettings),
    });
}
