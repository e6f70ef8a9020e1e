import { t } from "./type-builder.ts";
import { calendarDate, IsoTime, oneOf, pageQuery, recordId } from "./common.ts";

/**
 * The audit trail: every change, by whom or what, with each changed field's value before and after.
 * Administrators only.
 *   GET    /api/admin/audit                    a page of it, newest first (AuditListQuery → AuditEntry[], X-Total-Count)
 *   GET    /api/settings/audit-retention       how long entries are kept (→ AuditRetentionSettings)
 *   PUT    /api/settings/audit-retention       change it (AuditRetentionSettings → AuditRetentionSettings)
 */

/** How a change came: a user's own edit, the command line, an import, a ShipStation delivery or backfill, the product itself. */
export const ACTOR_SOURCES = ["user", "command_line", "import", "webhook", "backfill", "system"] as const;
export type ActorSource = (typeof ACTOR_SOURCES)[number];

/** What an entry is about. */
export const AUDIT_ENTITIES = [
  "account",
  "bulk_change",
  "contact",
  "note",
  "order",
  "list",
  "task",
  "setting",
  "user",
  "session",
  "export",
  "import",
  "backfill",
  "backup",
  "data",
  "email_thread",
  "email",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What was done to it. */
export const AUDIT_ACTIONS = [
  "created",
  "updated",
  "deleted",
  "list_changed",
  "owner_changed",
  "merged",
  "merge_undone",
  "bulk_changed",
  "bulk_undone",
  "restored",
  "orders_recorded",
  "role_changed",
  "deactivated",
  "reactivated",
  "password_set",
  "password_reset",
  "password_changed",
  "password_link_sent",
  "password_set_by_link",
  "sessions_ended",
  "signed_in",
  "sign_in_failed",
  "exported",
  "imported",
  "backfilled",
  "backup_taken",
  "backup_deleted",
  "backup_restored",
  "cleared",
  "sent",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What a masked secret reads as, before and after: never its value, nor any of its characters. */
export const MASKED_VALUE = "••••";

/** When the caller does not say how many. */
export const DEFAULT_AUDIT_PAGE_SIZE = 50;

export const AuditListQuery = t.Object({
  entity: t.Optional(oneOf("entity", AUDIT_ENTITIES)),
  entityId: t.Optional(recordId("entityId")),
  actor: t.Optional(
    t.String({
      pattern: `^([1-9]\\d{0,15}|${ACTOR_SOURCES.join("|")})$`,
      error: `actor must be a user id or one of ${ACTOR_SOURCES.join(", ")}`,
      description: "A user's id, or how the change came: one of " + ACTOR_SOURCES.join(", "),
    }),
  ),
  action: t.Optional(oneOf("action", AUDIT_ACTIONS)),
  from: t.Optional(calendarDate("from", "Entries on or after this New York date")),
  to: t.Optional(calendarDate("to", "Entries on or before this New York date")),
  ...pageQuery(),
});
export type AuditListQuery = typeof AuditListQuery.static;

const AuditValue = t.Union([t.String(), t.Number(), t.Boolean(), t.Null()]);

export const AuditFieldChange = t.Object({ field: t.String(), old: AuditValue, new: AuditValue });
export type AuditFieldChange = typeof AuditFieldChange.static;

export const AuditEntry = t.Object({
  id: t.Integer(),
  at: IsoTime,
  actorUserId: t.Union([t.Integer(), t.Null()], { description: "The signed-in user; null for the command line and the system" }),
  actorName: t.String(),
  actorSource: oneOf("actorSource", ACTOR_SOURCES),
  entity: t.String({ description: `One of ${AUDIT_ENTITIES.join(", ")}, or one added later` }),
  entityId: t.Union([t.Integer(), t.Null()]),
  accountId: t.Union([t.Integer(), t.Null()], { description: "The account the entry concerns, when it concerns one" }),
  action: t.String({ description: `One of ${AUDIT_ACTIONS.join(", ")}, or one added later` }),
  summary: t.String(),
  changes: t.Array(AuditFieldChange, { description: "Each changed field's value before and after; secrets masked, long text summarised with a hash" }),
  count: t.Union([t.Integer(), t.Null()], { description: "How many records a bulk action, an import or a backfill touched" }),
  undoable: t.Boolean({ description: "Whether the change can still be undone from its entry: a bulk list or owner change not undone yet, within UNDO_WINDOW_DAYS" }),
});
export type AuditEntry = typeof AuditEntry.static;

export const AuditList = t.Array(AuditEntry);

/** How long the audit trail keeps an entry: for ever (the default) or a number of years. */
export const AUDIT_RETENTION_CHOICES = ["forever", "1", "2", "5", "7"] as const;
export type AuditRetention = (typeof AUDIT_RETENTION_CHOICES)[number];

export const AuditRetentionSettings = t.Object({
  retention: oneOf("retention", AUDIT_RETENTION_CHOICES, "forever, or how many years an entry is kept"),
});
export type AuditRetentionSettings = typeof AuditRetentionSettings.static;
