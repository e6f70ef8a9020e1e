import { t } from "./type-builder.ts";
import { IsoTime, requiredText } from "./common.ts";
import { ConnectionStatus } from "./settings.ts";

/**
 * Copies of the backups off the machine, in S3-compatible storage (AWS S3, Cloudflare R2, Backblaze B2,
 * MinIO…): where they go, and how the last copy went. Administrators only, as backups are.
 *   GET    /api/settings/backup-copies        where copies go (→ BackupCopiesSettings)
 *   PUT    /api/settings/backup-copies        set where they go (BackupCopiesTarget → BackupCopiesSettings)
 *   DELETE /api/settings/backup-copies        stop copying (→ BackupCopiesSettings)
 *   POST   /api/settings/backup-copies/test   write, list and delete a small object there (→ BackupCopiesSettings)
 */

/** Where a copy's key starts when no prefix is given: several products can share a bucket. */
export const DEFAULT_BACKUP_COPIES_PREFIX = "supply-crm/";

const BUCKET_PATTERN = "^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$";
const ENDPOINT_PATTERN = "^https?://[^\\s/?#]+/?$";
const REGION_PATTERN = "^[a-z0-9-]{1,40}$";
// Keys may hold almost anything; a prefix here is a folder: no leading slash, no spaces or control characters.
const PREFIX_PATTERN = "^$|^[^/\\s\\u0000-\\u001f][^\\s\\u0000-\\u001f]{0,199}$";

/** PUT /api/settings/backup-copies. The secret is write-only: left out, the saved one is kept. */
export const BackupCopiesTarget = t.Object({
  endpoint: t.String({ pattern: ENDPOINT_PATTERN, maxLength: 300, error: "endpoint must be the storage's address, such as https://s3.us-east-1.amazonaws.com", description: "The S3-compatible service's address" }),
  bucket: t.String({ pattern: BUCKET_PATTERN, error: "bucket must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens" }),
  region: t.String({ pattern: REGION_PATTERN, error: "region must be a region name such as us-east-1 (auto for Cloudflare R2)" }),
  prefix: t.String({ pattern: PREFIX_PATTERN, maxLength: 200, error: "prefix must be a folder such as supply-crm/, without spaces", description: `Where the copies' names start; '${DEFAULT_BACKUP_COPIES_PREFIX}' by default` }),
  accessKeyId: requiredText(200, "The access key's id"),
  secretAccessKey: t.Optional(requiredText(200, "The access key's secret; left out, the saved one is kept")),
});
export type BackupCopiesTarget = typeof BackupCopiesTarget.static;

/** The last copy made, or tried. */
export const BackupCopy = t.Object({
  name: t.String({ description: "The backup's file name" }),
  at: IsoTime,
  error: t.Union([t.String(), t.Null()], { description: "Why it failed; null when the copy is whole in the bucket" }),
});
export type BackupCopy = typeof BackupCopy.static;

/** What the dashboard may know: where copies go, never the secret (a target has one saved). */
export const BackupCopiesSettings = t.Object({
  target: t.Union([
    t.Object({
      endpoint: t.String(),
      bucket: t.String(),
      region: t.String(),
      prefix: t.String(),
      accessKeyId: t.String(),
    }),
    t.Null(),
  ], { description: "Null when backups stay on this machine only" }),
  status: ConnectionStatus,
  lastCopy: t.Union([BackupCopy, t.Null()]),
});
export type BackupCopiesSettings = typeof BackupCopiesSettings.static;
