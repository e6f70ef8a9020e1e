import { useState, type FormEvent } from "react";
import { AUDIT_RETENTION_CHOICES, useAuditRetention, type AuditRetention } from "../../api/audit";
import { Button } from "../../ui/Button";
import { HistoryIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { Select } from "../../ui/Select";
import { SettingsCard, SettingsCardSkeleton } from "../../ui/SettingsCard";
import { useWrite } from "../../ui/use-write";
import { SETTINGS_SAVE } from "./settings-save";

const TITLE = "Audit trail";
const DESCRIPTION = "How long the record of every change is kept";

const CHOICE_LABELS: Record<AuditRetention, string> = { forever: "Keep forever", "1": "1 year", "2": "2 years", "5": "5 years", "7": "7 years" };
const OPTIONS = AUDIT_RETENTION_CHOICES.map((choice) => ({ value: choice, label: CHOICE_LABELS[choice] }));

/** The audit trail's retention, for administrators: older entries are removed once a day. */
export function AuditRetentionCard() {
  const { settings, error, retry, save } = useAuditRetention();
  const [draft, setDraft] = useState<AuditRetention | null>(null);
  const { run, isPending } = useWrite({ ...SETTINGS_SAVE, onSuccess: () => setDraft(null) });

  if (!settings && error) {
    return (
      <SettingsCard title={TITLE} description={DESCRIPTION} icon={HistoryIcon} testId="audit-retention-card">
        <LoadError title="The audit trail's retention could not be loaded." error={error} onRetry={retry} compact />
      </SettingsCard>
    );
  }
  if (!settings) return <SettingsCardSkeleton title={TITLE} icon={HistoryIcon} rows={1} testId="audit-retention-card-loading" />;

  const chosen = draft ?? settings.retention;
  const isChanged = chosen !== settings.retention;
  async function saveRetention(event: FormEvent) {
    event.preventDefault();
    if (isChanged) await run(() => save({ retention: chosen }));
  }

  return (
    <SettingsCard title={TITLE} description={DESCRIPTION} icon={HistoryIcon} testId="audit-retention-card">
      <form onSubmit={(event) => void saveRetention(event)} className="space-y-4" aria-label={TITLE}>
        <Select
          label="Keep entries"
          className="max-w-xs"
          value={chosen}
          options={OPTIONS}
          onChange={(value) => setDraft(AUDIT_RETENTION_CHOICES.find((choice) => choice === value) ?? null)}
          disabled={isPending}
          data-testid="audit-retention-select"
        />
        <p className="text-sm text-slate-500">Entries older than this are removed once a day; the change of this setting is itself kept in the trail.</p>
        <div className="flex items-center justify-end gap-3">
          {isChanged && <p className="text-sm text-slate-500">Unsaved changes</p>}
          <Button type="submit" variant="primary" disabled={!isChanged || isPending} data-testid="audit-retention-save">
            {isPending ? "Saving..." : "Save"}
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
