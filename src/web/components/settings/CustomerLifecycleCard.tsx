import { useState, type FormEvent } from "react";
import { LIFECYCLE_DAYS_LIMITS, useCustomerLifecycle, type CustomerLifecycleSettings } from "../../api/customer-lifecycle";
import { useWrite } from "../../ui/use-write";
import { Button } from "../../ui/Button";
import { ListsIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { WholeNumberField } from "../../ui/TextField";
import { AdminOnlyNote } from "./AdminOnlyNote";
import { SETTINGS_SAVE } from "./settings-save";
import { SettingsCard, SettingsCardSkeleton } from "../../ui/SettingsCard";

const TITLE = "Customer lifecycle";
const DESCRIPTION = "How order activity sorts accounts into New, Active and Legacy";

/** The days as typed. */
interface LifecycleForm {
  newWithinDays: string;
  activeWithinDays: string;
}

/**
 * The two windows of the activity lists: everyone sees them, only admins change them. Accounts staff
 * pinned to a list stay where they are; the others move as soon as a change is saved.
 */
export function CustomerLifecycleCard({ canChangeSettings }: { canChangeSettings: boolean }) {
  const { settings, error, retry, save } = useCustomerLifecycle();
  // Null until edited: until then the form follows the saved settings.
  const [draft, setDraft] = useState<LifecycleForm | null>(null);
  const { run, isPending: isSaving, fieldErrors, clearFieldError } = useWrite({ ...SETTINGS_SAVE, onSuccess: () => setDraft(null) });

  if (!settings && error) {
    return (
      <SettingsCard title={TITLE} description={DESCRIPTION} icon={ListsIcon} testId="customer-lifecycle-card">
        <LoadError title="The customer lifecycle settings could not be loaded." error={error} onRetry={retry} compact testId="customer-lifecycle-load-error" />
      </SettingsCard>
    );
  }
  if (!settings) return <SettingsCardSkeleton title={TITLE} icon={ListsIcon} rows={2} testId="customer-lifecycle-card-loading" />;

  const form = draft ?? formOf(settings);
  const isChanged = draft !== null && (Number(draft.newWithinDays) !== settings.newWithinDays || Number(draft.activeWithinDays) !== settings.activeWithinDays);
  const isDisabled = !canChangeSettings || isSaving;

  // The inputs' min, max and step are checked by the browser before this runs; the server checks again.
  async function saveSettings(event: FormEvent) {
    event.preventDefault();
    if (!isChanged) return;
    await run(() => save({ newWithinDays: Number(form.newWithinDays), activeWithinDays: Number(form.activeWithinDays) }));
  }

  function change(field: keyof LifecycleForm, days: string) {
    setDraft({ ...form, [field]: days });
    clearFieldError(field);
  }

  return (
    <SettingsCard title={TITLE} description={DESCRIPTION} icon={ListsIcon} testId="customer-lifecycle-card">
      <form onSubmit={(event) => void saveSettings(event)} className="space-y-4" aria-label={TITLE}>
        {!canChangeSettings && <AdminOnlyNote testId="customer-lifecycle-admin-note" />}
        <div className="grid gap-4 sm:grid-cols-2">
          <DaysField
            label="New: first order within (days)"
            value={form.newWithinDays}
            limits={LIFECYCLE_DAYS_LIMITS.newWithinDays}
            disabled={isDisabled}
            onChange={(days) => change("newWithinDays", days)}
            error={fieldErrors.newWithinDays}
            testId="lifecycle-new-days"
          />
          <DaysField
            label="Active: an order within (days)"
            value={form.activeWithinDays}
            limits={LIFECYCLE_DAYS_LIMITS.activeWithinDays}
            disabled={isDisabled}
            onChange={(days) => change("activeWithinDays", days)}
            error={fieldErrors.activeWithinDays}
            testId="lifecycle-active-days"
          />
        </div>
        <p className="text-sm text-slate-500" data-testid="lifecycle-summary">
          {summaryOf(form)} Accounts pinned to a list by hand, and custom lists, are left alone. Lists are brought up to date as orders arrive and every night.
        </p>
        {canChangeSettings && (
          <div className="flex items-center justify-end gap-3">
            {isChanged && <p className="text-sm text-slate-500">Unsaved changes</p>}
            <Button type="submit" variant="primary" disabled={!isChanged || isSaving} data-testid="customer-lifecycle-save">
              {isSaving ? "Saving..." : "Save"}
            </Button>
          </div>
        )}
      </form>
    </SettingsCard>
  );
}

function DaysField(props: {
  label: string;
  value: string;
  limits: { min: number; max: number };
  disabled: boolean;
  onChange: (value: string) => void;
  error: string | undefined;
  testId: string;
}) {
  return (
    <WholeNumberField
      label={props.label}
      min={props.limits.min}
      max={props.limits.max}
      value={props.value}
      onChange={props.onChange}
      disabled={props.disabled}
      error={props.error}
      className="[&_input]:disabled:cursor-not-allowed [&_input]:disabled:bg-slate-50 [&_input]:disabled:text-slate-500"
      data-testid={props.testId}
    />
  );
}

function formOf(settings: CustomerLifecycleSettings): LifecycleForm {
  return { newWithinDays: String(settings.newWithinDays), activeWithinDays: String(settings.activeWithinDays) };
}

/** The rules in words, as the form now reads. */
function summaryOf(form: LifecycleForm): string {
  return `Legacy: no order for more than ${form.activeWithinDays || "…"} days.`;
}
