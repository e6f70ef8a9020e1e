import { useState, type FormEvent } from "react";
import { useTaskAutomation, WELCOME_WITHIN_DAYS } from "../../api/task-automation";
import { useTeamMembers } from "../../api/team-members";
import { useWrite } from "../../ui/use-write";
import { Button } from "../../ui/Button";
import { TasksIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { AdminOnlyNote } from "./AdminOnlyNote";
import { AutomationRuleFields } from "./AutomationRuleFields";
import { SETTINGS_SAVE } from "./settings-save";
import { SettingsCard, SettingsCardSkeleton } from "../../ui/SettingsCard";
import {
  automationFormOf,
  automationSettingsOf,
  isAutomationChanged,
  NEW_CONTACT_ASSIGNEE_OPTIONS,
  welcomeAssigneeOptions,
  type TaskAutomationForm,
} from "./task-automation-form";

const TITLE = "Task Automation";
const DESCRIPTION = "Follow-up tasks created automatically for your team";

/** The tasks the server creates by itself: everyone sees the rules, only admins change and save them. */
export function TaskAutomationCard({ canChangeSettings }: { canChangeSettings: boolean }) {
  const { settings, error, retry, save } = useTaskAutomation();
  // The welcome assignee is picked among the active users.
  const { members, error: teamError, retry: retryTeam } = useTeamMembers();
  // Null until edited: until then the form follows the saved settings, including a fresher copy fetched meanwhile.
  const [draft, setDraft] = useState<TaskAutomationForm | null>(null);
  const { run, isPending: isSaving } = useWrite({ ...SETTINGS_SAVE, onSuccess: () => setDraft(null) });

  if ((!settings && error) || (!members && teamError)) {
    return (
      <SettingsCard title={TITLE} description={DESCRIPTION} icon={TasksIcon} testId="task-automation-card">
        <LoadError
          title="The task automation settings could not be loaded."
          error={error ?? teamError}
          onRetry={() => {
            if (error) retry();
            if (teamError) retryTeam();
          }}
          compact
          testId="task-automation-load-error"
        />
      </SettingsCard>
    );
  }
  if (!settings || !members) return <SettingsCardSkeleton title={TITLE} icon={TasksIcon} rows={4} testId="task-automation-card-loading" />;

  const form = draft ?? automationFormOf(settings);
  const isChanged = draft !== null && isAutomationChanged(draft, settings);
  const isDisabled = !canChangeSettings || isSaving;

  // The inputs' min, max and step are checked by the browser before this runs.
  async function saveSettings(event: FormEvent) {
    event.preventDefault();
    if (!isChanged) return;
    await run(() => save(automationSettingsOf(form)));
  }

  return (
    <SettingsCard title={TITLE} description={DESCRIPTION} icon={TasksIcon} testId="task-automation-card">
      <form onSubmit={(event) => void saveSettings(event)} className="space-y-4" aria-label={TITLE}>
        {!canChangeSettings && <AdminOnlyNote testId="task-automation-admin-note" />}
        <AutomationRuleFields
          title="New Customer Welcome"
          description={`A welcome task for each new customer: an account added by hand, or one whose first order is at most ${WELCOME_WITHIN_DAYS} days old (an import of older history creates none).`}
          rule={form.welcome}
          assigneeOptions={welcomeAssigneeOptions(members, form.welcome.assignTo)}
          disabled={isDisabled}
          onChange={(welcome) => setDraft({ ...form, welcome })}
          testId="automation-welcome"
        />
        <AutomationRuleFields
          title="New Contact Added"
          description="A task to reach out when a contact is added to an existing account."
          rule={form.newContact}
          assigneeOptions={NEW_CONTACT_ASSIGNEE_OPTIONS}
          disabled={isDisabled}
          onChange={(newContact) => setDraft({ ...form, newContact })}
          testId="automation-new-contact"
        />
        {canChangeSettings && (
          <div className="flex items-center justify-end gap-3">
            {isChanged && (
              <p className="text-sm text-slate-500" data-testid="task-automation-unsaved">
                Unsaved changes
              </p>
            )}
            <Button type="submit" variant="primary" disabled={!isChanged || isSaving} data-testid="task-automation-save">
              {isSaving ? "Saving..." : "Save"}
            </Button>
          </div>
        )}
      </form>
    </SettingsCard>
  );
}
