import { S3Client } from "bun";
import path from "node:path";
import type { BackupCopiesSettings, BackupCopiesTarget, BackupCopy } from "../../contracts/backup-copies.ts";
import type { BackupKind } from "../../contracts/backups.ts";
import type { ConnectionStatus } from "../../contracts/settings.ts";
import type { CrmDatabase } from "../database/open.ts";
import { whenDatabaseFree } from "../database/busy.ts";
import { invalid } from "../errors.ts";
import { readSetting, writeSetting } from "../settings/settings.ts";
import { listBackups } from "./backups.ts";

/**
 * Copies of the backups in S3-compatible storage, so that losing the machine does not lose the backups
 * with it. Bun's own S3 client does the talking (Signature V4, multipart uploads of large files); the
 * copies are the backup files as they are, under `prefix` + the file's name, and the daily ones beyond the
 * number kept are deleted from the bucket as they are from the disk.
 */

interface SavedTarget extends Omit<BackupCopiesTarget, "secretAccessKey"> {
  secretAccessKey: string;
}

/** Long enough for a slow network, short enough for a person watching Test Connection. */
const CHECK_TIMEOUT_MS = 15_000;

/** The object Test Connection writes, lists and deletes. */
const PROBE_NAME = ".supply-crm-connection-test";

export function describeBackupCopies(db: CrmDatabase): BackupCopiesSettings {
  const target = savedTarget(db);
  return {
    target: target && { endpoint: target.endpoint, bucket: target.bucket, region: target.region, prefix: target.prefix, accessKeyId: target.accessKeyId },
    status: target ? storedJson<ConnectionStatus>(db, "backupCopiesStatus") ?? UNCHECKED : { state: "not_configured", checkedAt: null, message: null },
    lastCopy: storedJson<BackupCopy>(db, "backupCopiesLastCopy"),
  };
}

/** Saves where copies go; the secret may be left out to keep the saved one. Untested until tested. */
export function saveBackupCopiesTarget(db: CrmDatabase, given: BackupCopiesTarget): BackupCopiesSettings {
  const secretAccessKey = given.secretAccessKey?.trim() || savedTarget(db)?.secretAccessKey;
  if (!secretAccessKey) throw invalid("secretAccessKey", "Secret access key is required");
  const endpoint = given.endpoint.trim().replace(/\/$/, "");
  const prefix = given.prefix.trim();
  const target: SavedTarget = {
    endpoint,
    bucket: given.bucket.trim(),
    region: given.region.trim(),
    prefix: prefix === "" || prefix.endsWith("/") ? prefix : `${prefix}/`,
    accessKeyId: given.accessKeyId.trim(),
    secretAccessKey,
  };
  writeSetting(db, "backupCopies", JSON.stringify(target));
  writeSetting(db, "backupCopiesStatus", JSON.stringify(UNCHECKED));
  return describeBackupCopies(db);
}

/** Backups stay on this machine only from now on; the copies already made stay in the bucket. */
export function stopBackupCopies(db: CrmDatabase): BackupCopiesSettings {
  for (const key of ["backupCopies", "backupCopiesStatus", "backupCopiesLastCopy"] as const) writeSetting(db, key, "null");
  return describeBackupCopies(db);
}

/** Writes, lists and deletes a small object where copies go, and remembers whether that worked. */
export async function checkBackupCopiesConnection(db: CrmDatabase): Promise<BackupCopiesSettings> {
  const target = savedTarget(db);
  if (!target) throw invalid("target", "Set where backups are copied first");
  let status: ConnectionStatus;
  try {
    const bucket = clientFor(target);
    const probe = `${target.prefix}${PROBE_NAME}`;
    await withTimeout(bucket.write(probe, `Written by Supply CRM's Test Connection at ${new Date().toISOString()}`));
    await withTimeout(bucket.list({ prefix: target.prefix, maxKeys: 1 }));
    await withTimeout(bucket.delete(probe));
    status = { state: "connected", checkedAt: new Date().toISOString(), message: null };
  } catch (error) {
    status = { state: "error", checkedAt: new Date().toISOString(), message: storageProblem(error, target) };
  }
  // The server's connection never waits for another process's write lock (busy.ts).
  await whenDatabaseFree(() => writeSetting(db, "backupCopiesStatus", JSON.stringify(status)));
  return describeBackupCopies(db);
}

/**
 * Copies a finished backup of the data directory to the bucket when copies are set up (null otherwise),
 * then deletes from the bucket the copies of daily backups no longer kept in DATA_DIR/backups. A failure is
 * remembered for the Off-site copies card and answered, never thrown: the backup itself is whole on disk.
 */
export async function copyBackupOffMachine(db: CrmDatabase, dataDir: string, file: string): Promise<BackupCopy | null> {
  const target = savedTarget(db);
  if (!target) return null;
  const name = path.basename(file);
  let copy: BackupCopy;
  try {
    const bucket = clientFor(target);
    await bucket.write(`${target.prefix}${name}`, Bun.file(file));
    // Listed after the upload: the daily backups beyond the number kept go from the disk meanwhile.
    const keptDaily = listBackups(dataDir).filter((backup) => backup.kind === "scheduled").map((backup) => backup.name);
    await deleteDailyCopiesNoLongerKept(bucket, target.prefix, keptDaily);
    copy = { name, at: new Date().toISOString(), error: null };
  } catch (error) {
    copy = { name, at: new Date().toISOString(), error: storageProblem(error, target) };
  }
  await whenDatabaseFree(() => writeSetting(db, "backupCopiesLastCopy", JSON.stringify(copy)));
  return copy;
}

/** The daily backups' copies whose file is no longer kept; other kinds are the administrator's to delete. */
async function deleteDailyCopiesNoLongerKept(bucket: S3Client, prefix: string, keptDailyNames: readonly string[]): Promise<void> {
  const kept = new Set(keptDailyNames);
  let startAfter: string | undefined;
  for (;;) {
    const page = await bucket.list({ prefix: `${prefix}${DAILY_BACKUP_NAME_START}`, startAfter });
    const keys = (page.contents ?? []).map(({ key }) => key);
    for (const key of keys) {
      if (!kept.has(key.slice(prefix.length))) await bucket.delete(key);
    }
    if (!page.isTruncated || keys.length === 0) return;
    startAfter = keys.at(-1);
  }
}

/** How the daily backups' file names start (BACKUP_NAME_PATTERN). */
const DAILY_BACKUP_NAME_START = "crm-scheduled-" satisfies `crm-${Extract<BackupKind, "scheduled">}-`;

function clientFor(target: SavedTarget): S3Client {
  return new S3Client({
    endpoint: target.endpoint,
    bucket: target.bucket,
    region: target.region,
    accessKeyId: target.accessKeyId,
    secretAccessKey: target.secretAccessKey,
  });
}

/** What failed, in words, and what to check. */
function storageProblem(error: unknown, target: SavedTarget): string {
  const { code, message, name } = (error ?? {}) as { code?: string; message?: string; name?: string };
  const where = `${target.endpoint} (bucket ${target.bucket})`;
  if (name === "TimeoutError") return `No answer from ${where} within ${CHECK_TIMEOUT_MS / 1000} seconds. Check the endpoint and the server's internet access.`;
  switch (code) {
    case "SignatureDoesNotMatch":
    case "InvalidAccessKeyId":
    case "AccessDenied":
      return `The storage refused the access key (${code}). Check the access key id and secret, and that the key may write to bucket ${target.bucket}.`;
    case "NoSuchBucket":
      return `There is no bucket ${target.bucket} at ${target.endpoint}. Check the bucket's name and region.`;
    case "ConnectionRefused":
    case "ConnectionClosed":
    case "FailedToOpenSocket":
      return `Cannot reach ${target.endpoint}: the connection failed (${code}). Check the endpoint and the server's internet access.`;
  }
  return `${where} answered: ${code ?? name ?? "an error"}${message ? ` (${message})` : ""}`;
}

async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: Timer | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("timed out"), { name: "TimeoutError" })), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const UNCHECKED: ConnectionStatus = { state: "unchecked", checkedAt: null, message: null };

function savedTarget(db: CrmDatabase): SavedTarget | null {
  return storedJson<SavedTarget>(db, "backupCopies");
}

function storedJson<T>(db: CrmDatabase, key: "backupCopies" | "backupCopiesStatus" | "backupCopiesLastCopy"): T | null {
  const stored = readSetting(db, key);
  return stored ? (JSON.parse(stored) as T | null) : null;
}
