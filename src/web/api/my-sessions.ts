import { useCallback } from "react";
import useSWR from "swr";
import type { UserSession } from "../../contracts/auth.ts";
import { apiRequest } from "./client";

export type { UserSession };

export const MY_SESSIONS_PATH = "/api/auth/sessions";

/**
 * The browsers the signed-in user is signed in on, and signing them out. Fetched again on each visit:
 * sessions start and are used elsewhere meanwhile.
 */
export function useMySessions() {
  const { data, error, mutate } = useSWR<UserSession[]>(MY_SESSIONS_PATH, { revalidateOnMount: true, dedupingInterval: 0 });
  const retry = useCallback(() => void mutate(), [mutate]);

  const endSession = useCallback(
    async (sessionId: number) => {
      await apiRequest("DELETE", `${MY_SESSIONS_PATH}/${sessionId}`);
      await mutate();
    },
    [mutate],
  );

  const endOtherSessions = useCallback(async () => {
    await apiRequest("POST", `${MY_SESSIONS_PATH}/end-others`);
    await mutate();
  }, [mutate]);

  return { sessions: data, error, retry, endSession, endOtherSessions };
}
