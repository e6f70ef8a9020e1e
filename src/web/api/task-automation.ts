import { useCallback } from "react";
import useSWR from "swr";
import { TASK_DUE_IN_DAYS, type NewContactAssignee, type TaskAutomationSettings, type WelcomeAssignee } from "../../contracts/settings.ts";
import { apiRequest } from "./client";

export const TASK_AUTOMATION_PATH = "/api/settings/task-automation";

export { WELCOME_WITHIN_DAYS } from "../../contracts/settings.ts";
export type { NewContactAssignee, TaskAutomationSettings, WelcomeAssignee };

/** The server's range for how many days after the event an automatic task falls due. */
export const { min: MIN_DUE_IN_DAYS, max: MAX_DUE_IN_DAYS } = TASK_DUE_IN_DAYS;

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
