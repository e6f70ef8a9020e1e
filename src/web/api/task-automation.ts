import { useCallback } from "react";
import useSWR from "swr";
import { apiRequest } from "./client";

export { WELCOME_WITHIN_DAYS } from "../../core/lifecycle/lifecycle-rules.ts";

const TASK_AUTOMATION_PATH = "/api/settings/task-automation";

/** The server's range for how many days after the event an automatic task falls due. */
export const MIN_DUE_IN_DAYS = 1;
export const MAX_DUE_IN_DAYS = 365;

/** Who gets a welcome task: the active users in turn, or always one user, by id. */
export type WelcomeAssignee = "round_robin" | number;

/** Who gets a new-contact task: whoever owns the account (round robin when nobody active does), or the users in turn. */
export type NewContactAssignee = "account_owner" | "round_robin";

export interface AutomationRule<Assignee> {
  enabled: boolean;
  dueInDays: number;
  assignTo: Assignee;
}

/** The tasks the server creates by itself, as GET and PUT /api/settings/task-automation carry them. */
export interface TaskAutomationSettings {
  /** 'Welcome {account}' for each new account. */
  welcome: AutomationRule<WelcomeAssignee>;
  /** 'Reach out to {contact}' when a contact is added to an existing account. */
  newContact: AutomationRule<NewContactAssignee>;
}

/**
 * The task automation settings, with the write that replaces them whole (admins only). Fetched again on each
 * visit, since another administrator may have changed them; the cached answer shows meanwhile.
 */
export function useTaskAutomation() {
  const { data, error, mutate } = useSWR<TaskAutomationSettings>(TASK_AUTOMATION_PATH, { revalidateOnMount: true, dedupingInterval: 0 });
  const retry = useCallback(() => void mutate(), [mutate]);

  const save = useCallback(
    async (settings: TaskAutomationSettings): Promise<TaskAutomationSettings> => {
      const saved = await apiRequest<TaskAutomationSettings>("PUT", TASK_AUTOMATION_PATH, settings);
      await mutate(saved, { revalidate: false });
      return saved;
    },
    [mutate],
  );

  return { settings: data, error, retry, save };
}
