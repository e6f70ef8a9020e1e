import { useState, type FormEvent } from "react";
import { DEFAULT_BACKUP_COPIES_PREFIX, useBackupCopies, type BackupCopiesSettings } from "../../api/backup-copies";
import { formatUsDateTime } from "../../format/dates";
import { Button } from "../../ui/Button";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { LoadError } from "../../ui/LoadError";
import { SettingsCard, SettingsCardSkeleton } from "../../ui/SettingsCard";
import { TextField } from "../../ui/TextField";
import { HistoryIcon } from "../../ui/icons";
import { useWrite } from "../../ui/use-write";
import { ConnectionStatusPanel } from "./ConnectionStatusPanel";
import { SETTINGS_SAVE } from "./settings-save";

const TITLE = "Off-site copies";
const DESCRIPTION = "Each backup is also copied to S3-compatible storage (AWS S3, Cloudflare R2, Backblaze B2, MinIO), so losing this machine does not lose them.";
const CONNECTION_WORDS = {
  service: "The storage",
  howToConnect: "Save where backups go to start copying them.",
  notConnected: "Backups are kept on this machine only.",
};

interface TargetForm {
  endpoint: string;
  bucket: string;
  region: string;
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const FIELDS: readonly { name: keyof TargetForm; label: string; placeholder: string; type?: string }[] = [
  { name: "endpoint", label: "Endpoint", placeholder: "https://s3.us-east-1.amazonaws.com" },
  { name: "bucket", label: "Bucket", placeholder: "acme-crm-backups" },
  { name: "region", label: "Region", placeholder: "us-east-1" },
  { name: "prefix", label: "Folder in the bucket", placeholder: DEFAULT_BACKUP_COPIES_PREFIX },
  { name: "accessKeyId", label: "Access key ID", placeholder: "AKIA…" },
  { name: "secretAccessKey", label: "Secret access key", placeholder: "", type: "password" },
];

/**
 * Where backups are copied off the machine, for administrators: the storage's address and key (the
 * secret is write-only: the field starts empty and, left empty, keeps the saved one), whether the last
 * test passed, and how the last copy went.
 */
export function BackupCopiesCard() {
  const { settings, error, retry, save, stop, testConnection } = useBackupCopies();
  // Null until edited: until then the form follows the saved target.
  const [draft, setDraft] = useState<TargetForm | null>(null);
  const [isConfirmingStop, setConfirmingStop] = useState(false);
  const { run, isPending: isSaving, fieldErrors, clearFieldError } = useWrite({ ...SETTINGS_SAVE, onSuccess: () => setDraft(null) });
  const { run: runStop, isPending: isStopping } = useWrite({ success: { title: "Backups are no longer copied off this machine" }, onSuccess: () => setConfirmingStop(false) });

  if (!settings && error) {
    return (
      <SettingsCard title={TITLE} description={DESCRIPTION} icon={HistoryIcon} testId="backup-copies-card">
        <LoadError title="The off-site copy settings could not be loaded." error={error} onRetry={retry} compact testId="backup-copies-load-error" />
      </SettingsCard>
    );
  }
  if (!settings) return <SettingsCardSkeleton title={TITLE} icon={HistoryIcon} rows={3} testId="backup-copies-card-loading" />;

  const form = draft ?? formOf(settings);
  const secretPlaceholder = settings.target ? "Saved; type a new one to replace it" : "";

  async function saveTarget(event: FormEvent) {
    event.preventDefault();
    const { secretAccessKey, ...rest } = form;
    await run(() => save({ ...rest, ...(secretAccessKey.trim() ? { secretAccessKey } : {}) }));
  }

  function change(field: keyof TargetForm, value: string) {
    setDraft({ ...form, [field]: value });
    clearFieldError(field);
  }

  return (
    <SettingsCard title={TITLE} description={DESCRIPTION} icon={HistoryIcon} testId="backup-copies-card">
      <div className="space-y-5">
        <ConnectionStatusPanel status={settings.status} words={CONNECTION_WORDS} onTest={settings.target ? testConnection : undefined} testId="backup-copies-status" />
        {settings.lastCopy && <LastCopyLine copy={settings.lastCopy} />}
        <form onSubmit={(event) => void saveTarget(event)} className="space-y-4" aria-label={TITLE}>
          <div className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map(({ name, label, placeholder, type }) => (
              <TextField
                key={name}
                label={label}
                type={type ?? "text"}
                value={form[name]}
                onChange={(value) => change(name, value)}
                placeholder={name === "secretAccessKey" ? secretPlaceholder : placeholder}
                required={name !== "prefix" && !(name === "secretAccessKey" && settings.target)}
                autoComplete={name === "secretAccessKey" ? "new-password" : "off"}
                spellCheck={false}
                disabled={isSaving}
                error={fieldErrors[name]}
                data-testid={`backup-copies-${name}`}
              />
            ))}
          </div>
          <div className="flex flex-wrap items-center justify-end gap-3">
            {settings.target && (
              <Button variant="ghost" onClick={() => setConfirmingStop(true)} data-testid="backup-copies-stop">
                Stop copying
              </Button>
            )}
            <Button type="submit" variant="primary" disabled={draft === null || isSaving} data-testid="backup-copies-save">
              {isSaving ? "Saving..." : "Save"}
            </Button>
          </div>
        </form>
      </div>
      <ConfirmDialog
        open={isConfirmingStop}
        title="Stop copying backups off this machine?"
        message="New backups will be kept on this machine only. Copies already in the bucket stay there, and the saved key is forgotten."
        confirmLabel="Stop copying"
        pendingLabel="Stopping..."
        isPending={isStopping}
        onConfirm={() => void runStop(stop)}
        onCancel={() => setConfirmingStop(false)}
        testId="backup-copies-stop-dialog"
      />
    </SettingsCard>
  );
}

function LastCopyLine({ copy }: { copy: NonNullable<BackupCopiesSettings["lastCopy"]> }) {
  if (copy.error) {
    return (
      <p className="text-sm break-words text-red-700" data-testid="backup-copies-last-copy" data-state="failed">
        The copy of {copy.name} failed {formatUsDateTime(copy.at)}: {copy.error}
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-600" data-testid="backup-copies-last-copy" data-state="copied">
      Last copied {formatUsDateTime(copy.at)}: {copy.name}
    </p>
  );
}

function formOf(settings: BackupCopiesSettings): TargetForm {
  const target = settings.target;
  return {
    endpoint: target?.endpoint ?? "",
    bucket: target?.bucket ?? "",
    region: target?.region ?? "us-east-1",
    prefix: target?.prefix ?? DEFAULT_BACKUP_COPIES_PREFIX,
    accessKeyId: target?.accessKeyId ?? "",
    secretAccessKey: "",
  };
}
