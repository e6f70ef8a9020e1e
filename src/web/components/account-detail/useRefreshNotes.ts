import { useCallback } from "react";
import { useRefreshAccountActivity } from "../../api/activity";
import { useAccountNotes } from "../../api/notes";

/**
 * Fetches an account's notes again, and its timeline: every change to a note is on the timeline too.
 * The notes are refreshed through their read, which the card showing them shares.
 */
export function useRefreshNotes(accountId: number): () => Promise<void> {
  const { refresh: refreshNotes } = useAccountNotes(accountId);
  const refreshActivity = useRefreshAccountActivity(accountId);
  return useCallback(async () => {
    await Promise.all([refreshNotes(), refreshActivity()]);
  }, [refreshNotes, refreshActivity]);
}
