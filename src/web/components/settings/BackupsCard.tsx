import { useState, type FormEvent } from "react";
import { backupUrl, KEEP_SCHEDULED_BACKUPS, useBackups, useBackupSchedule, type Backup, type BackupSchedule } from "../../api/backups";
import { formatUsDateTime } from "../../format/dates";
import { formatFileSize } from "../../format/file-size";
import { Button, buttonClassName } from "../../ui/Button";
import { CardTableHead } from "../../ui/CardTableHead";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { AlertTriangleIcon, CheckCircleIcon, ShieldIcon, TrashIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { Select } from "../../ui/Select";
import { SettingsCard } from "../../ui/SettingsCard";
import { WholeNumberField } from "../../ui/TextField";
import { SwitchField } from "../../ui/SwitchField";
import { useWrite } from "../../ui/use-write";
import { BACKUP_HOUR_OPTIONS, BACKUP_KIND_LABELS, lastBackupStatus } from "./backups";
import { SETTINGS_SAVE } from "./settings-save";

const COLUMNS = ["Kind", "Created", "Size"] as const;

/** A row of the table, or below sm a card: kind and size, created, then its actions, each on a line. */
const ROW_AS_CARD = "max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:items-center max-sm:gap-x-3 max-sm:gap-y-1 max-sm:px-4 max-sm:py-3";
const CELL = "px-4 py-3 max-sm:p-0";

/**
 * For admins: the backups the server keeps in its data directory, when the last one was taken (a warning
 * when there is none, or none for two days), a backup taken now, each downloaded or deleted, and the daily
 * backup's schedule. Restoring stays a command, run with the server stopped: the card says how.
 */
export function BackupsCard() {
  const { list, error, retry, backUpNow, remove } = useBackups();
  const backingUp = useWrite<Backup>({ failureMessage: "The backup could not be taken" });
  const deletion = useWrite({ failureMessage: "The backup could not be deleted" });
  const [toDelete, setToDelete] = useState<Backup | null>(null);

  const backUpButton = (
    <Button
      variant="primary"
      disabled={backingUp.isPending}
      onClick={() =>
        void backingUp.run(backUpNow, { success: (taken) => ({ title: "Backup taken", description: `${taken.name} (${formatFileSize(taken.bytes)})` }) })
      }
      data-testid="backup-now"
    >
      {backingUp.isPending ? "Backing up..." : "Back up now"}
    </Button>
  );

  return (
    <SettingsCard title="Backups" description="Checked, compressed copies of the database, kept on the server" icon={ShieldIcon} action={backUpButton} testId="backups-card">
      {list === undefined ? (
        error ? (
          <LoadError title="The backups could not be loaded." error={error} onRetry={retry} compact testId="backups-load-error" />
        ) : (
          <p className="h-16 animate-pulse rounded-lg bg-slate-100" aria-busy="true" aria-label="Loading backups" />
        )
      ) : (
        <>
          <LastBackup lastGoodBackupAt={list.lastGoodBackupAt} />
          <BackupsTable backups={list.backups} onDelete={setToDelete} />
        </>
      )}
      <p className="text-sm text-slate-500" data-testid="backups-restore-note">
        To restore, stop the server and run <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-800">crm restore FILE</code>. The
        database it replaces is kept as a backup first.
      </p>
      <BackupScheduleForm />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Backup"
        message={`${toDelete?.name ?? ""} will be deleted from the server. This cannot be undone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        isPending={deletion.isPending}
        isDestructive
        onConfirm={() => {
          if (toDelete) void deletion.run(() => remove(toDelete.name), { onSuccess: () => setToDelete(null) });
        }}
        onCancel={() => setToDelete(null)}
        testId="delete-backup-dialog"
      />
    </SettingsCard>
  );
}

function LastBackup({ lastGoodBackupAt }: { lastGoodBackupAt: string | null }) {
  const { text, isWarning } = lastBackupStatus(lastGoodBackupAt);
  const Icon = isWarning ? AlertTriangleIcon : CheckCircleIcon;
  return (
    <p
      className={`flex items-start gap-2 rounded-lg border px-4 py-3 text-sm ${isWarning ? "border-amber-200 bg-amber-50/60 text-amber-900" : "border-emerald-200 bg-emerald-50/60 text-emerald-900"}`}
      data-testid="last-backup"
      data-warning={isWarning}
    >
      <Icon className={`mt-0.5 size-4 shrink-0 ${isWarning ? "text-amber-600" : "text-emerald-600"}`} />
      {text}
    </p>
  );
}

function BackupsTable({ backups, onDelete }: { backups: readonly Backup[]; onDelete: (backup: Backup) => void }) {
  if (backups.length === 0) {
    return (
      <p className="text-sm text-slate-500" data-testid="backups-none">
        No backups are kept yet.
      </p>
    );
  }
  return (
    // Edge to edge, as the team's table: the card's padding would frame the header row in white.
    <div className="-mx-4 border-y border-slate-200 sm:-mx-6">
      <table className="w-full text-left text-sm max-sm:block" data-testid="backups-table">
        <CardTableHead columns={COLUMNS} className="max-sm:hidden" actionsLabel="Actions" />
        <tbody className="divide-y divide-slate-100 max-sm:block">
          {backups.map((backup) => (
            <tr key={backup.name} className={ROW_AS_CARD} data-testid="backup-row" data-name={backup.name} data-kind={backup.kind}>
              <td className={`${CELL} font-medium text-slate-900 sm:pl-6`} title={backup.name}>
                {BACKUP_KIND_LABELS[backup.kind]}
              </td>
              <td className={`${CELL} whitespace-nowrap text-slate-600 max-sm:col-start-1 max-sm:text-xs`}>{formatUsDateTime(backup.createdAt)}</td>
              <td className={`${CELL} whitespace-nowrap text-slate-600 max-sm:col-start-2 max-sm:row-start-1 max-sm:text-right`} data-testid="backup-size">
                {formatFileSize(backup.bytes)}
              </td>
              <td className={`${CELL} max-sm:col-span-2 sm:pr-6`}>
                <div className="flex items-center gap-2 sm:justify-end">
                  <a href={backupUrl(backup.name)} download={backup.name} className={buttonClassName("secondary", "sm")} data-testid="backup-download">
                    Download
                  </a>
                  <Button variant="ghost" size="sm" icon={TrashIcon} onClick={() => onDelete(backup)} data-testid="backup-delete" aria-label={`Delete ${backup.name}`}>
                    Delete
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The schedule as typed: the hour chosen and the count of daily backups kept. */
interface ScheduleForm {
  enabled: boolean;
  hour: string;
  keep: string;
}

function BackupScheduleForm() {
  const { schedule, error, retry, save } = useBackupSchedule();
  // Null until edited: until then the form follows the saved schedule.
  const [draft, setDraft] = useState<ScheduleForm | null>(null);
  const { run, isPending: isSaving, fieldErrors, clearFieldError } = useWrite({ ...SETTINGS_SAVE, onSuccess: () => setDraft(null) });

  if (!schedule) {
    return error ? <LoadError title="The backup schedule could not be loaded." error={error} onRetry={retry} compact testId="backup-schedule-load-error" /> : null;
  }
  const form = draft ?? formOf(schedule);
  const saved = formOf(schedule);
  const isChanged = draft !== null && (draft.enabled !== saved.enabled || draft.hour !== saved.hour || Number(draft.keep) !== schedule.keep);

  async function saveSchedule(event: FormEvent) {
    event.preventDefault();
    if (!isChanged) return;
    await run(() => save({ enabled: form.enabled, hour: Number(form.hour), keep: Number(form.keep) }));
  }

  const change = (changes: Partial<ScheduleForm>) => {
    setDraft({ ...form, ...changes });
    for (const field of Object.keys(changes)) clearFieldError(field);
  };

  return (
    <form onSubmit={(event) => void saveSchedule(event)} className="space-y-4 rounded-lg border border-slate-200 p-4" aria-label="Daily backup" data-testid="backup-schedule">
      <SwitchField
        title="Daily backup"
        description="Taken by the server every day at the hour below; a day it was down for is made up when it starts."
        checked={form.enabled}
        onChange={(enabled) => change({ enabled })}
        disabled={isSaving}
        testId="backup-schedule-switch"
      />
      <div className="grid items-end gap-4 sm:grid-cols-2">
        <Select
          label="At (New York time)"
          value={form.hour}
          options={BACKUP_HOUR_OPTIONS}
          onChange={(hour) => change({ hour })}
          disabled={isSaving}
          error={fieldErrors.hour}
          data-testid="backup-schedule-hour"
        />
        <WholeNumberField
          label="Daily backups kept"
          min={KEEP_SCHEDULED_BACKUPS.min}
          max={KEEP_SCHEDULED_BACKUPS.max}
          value={form.keep}
          onChange={(keep) => change({ keep })}
          disabled={isSaving}
          error={fieldErrors.keep}
          data-testid="backup-schedule-keep"
        />
      </div>
      <p className="text-sm text-slate-500">Older daily backups are deleted after each new one; backups of other kinds are kept until you delete them.</p>
      <div className="flex items-center justify-end gap-3">
        {isChanged && <p className="text-sm text-slate-500">Unsaved changes</p>}
        <Button type="submit" variant="primary" disabled={!isChanged || isSaving} data-testid="backup-schedule-save">
          {isSaving ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}

function formOf(schedule: BackupSchedule): ScheduleForm {
  return { enabled: schedule.enabled, hour: String(schedule.hour), keep: String(schedule.keep) };
}
