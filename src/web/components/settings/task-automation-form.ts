import type { TeamMember } from "../../api/team";
import type { NewContactAssignee, TaskAutomationSettings, WelcomeAssignee } from "../../api/task-automation";
import type { SelectOption } from "../../ui/Select";

/** One automation rule as its controls hold it: the days as typed, the assignee as a select's value. */
export interface AutomationRuleForm {
  enabled: boolean;
  dueInDays: string;
  assignTo: string;
}

export interface TaskAutomationForm {
  welcome: AutomationRuleForm;
  newContact: AutomationRuleForm;
}

export const NEW_CONTACT_ASSIGNEE_OPTIONS: readonly SelectOption[] = [
  { value: "account_owner", label: "Account owner" },
  { value: "round_robin", label: "Round robin" },
];

export function automationFormOf(settings: TaskAutomationSettings): TaskAutomationForm {
  return {
    welcome: { ...settings.welcome, dueInDays: String(settings.welcome.dueInDays), assignTo: String(settings.welcome.assignTo) },
    newContact: { ...settings.newContact, dueInDays: String(settings.newContact.dueInDays) },
  };
}

/** What to send. The inputs' min, max and step have been checked by the browser; the server checks again. */
export function automationSettingsOf(form: TaskAutomationForm): TaskAutomationSettings {
  return {
    welcome: { enabled: form.welcome.enabled, dueInDays: Number(form.welcome.dueInDays), assignTo: welcomeAssigneeOf(form.welcome.assignTo) },
    newContact: {
      enabled: form.newContact.enabled,
      dueInDays: Number(form.newContact.dueInDays),
      // The select offers nothing else.
      assignTo: form.newContact.assignTo as NewContactAssignee,
    },
  };
}

/** Whether the form differs from what is saved: '02' typed over '2' counts as no change. */
export function isAutomationChanged(form: TaskAutomationForm, saved: TaskAutomationSettings): boolean {
  return JSON.stringify(automationSettingsOf(form)) !== JSON.stringify(saved);
}

/**
 * 'Round robin', then each active user by name. A chosen user who has since been deactivated stays listed,
 * marked so, rather than the select quietly showing another choice than the one saved.
 */
export function welcomeAssigneeOptions(team: readonly TeamMember[], assignTo: string): SelectOption[] {
  const options: SelectOption[] = [
    { value: "round_robin", label: "Round robin" },
    ...team.filter((member) => member.active).map((member) => ({ value: String(member.id), label: member.name })),
  ];
  if (!options.some((option) => option.value === assignTo)) {
    const chosen = team.find((member) => String(member.id) === assignTo);
    options.push({ value: assignTo, label: chosen ? `${chosen.name} (deactivated)` : "Unknown user" });
  }
  return options;
}

function welcomeAssigneeOf(value: string): WelcomeAssignee {
  return value === "round_robin" ? "round_robin" : Number(value);
}
