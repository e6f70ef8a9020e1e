import { useCallback } from "react";
import useSWR from "swr";
import type { MailboxChanges, MailboxSettings, NewMailboxBody } from "../../contracts/mailboxes.ts";
import { apiRequest } from "./client";

export type { MailboxChanges, MailboxSettings, NewMailboxBody };
export { DEFAULT_MAIL_FOLDERS, MAIL_VISIBILITIES, type MailVisibility } from "../../contracts/mail.ts";

export const MAILBOXES_PATH = "/api/settings/mailboxes";

/** The mailboxes the CRM reads (administrators only), with the writes that change them; each write reads the list again. */
export function useMailboxes() {
  const { data, error, mutate } = useSWR<MailboxSettings[]>(MAILBOXES_PATH, { revalidateOnMount: true, dedupingInterval: 0 });
  const retry = useCallback(() => void mutate(), [mutate]);
  const add = useCallback(
    async (mailbox: NewMailboxBody) => {
      const answer = await apiRequest<MailboxSettings>("POST", MAILBOXES_PATH, mailbox);
      await mutate();
      return answer;
    },
    [mutate],
  );
  const change = useCallback(
    async (id: number, changes: MailboxChanges) => {
      const answer = await apiRequest<MailboxSettings>("PATCH", `${MAILBOXES_PATH}/${id}`, changes);
      await mutate();
      return answer;
    },
    [mutate],
  );
  const remove = useCallback(
    async (id: number) => {
      await apiRequest("DELETE", `${MAILBOXES_PATH}/${id}`);
      await mutate();
    },
    [mutate],
  );
  // The reading runs in the background: the list shows its end when it is read again.
  const syncNow = useCallback(() => apiRequest("POST", `${MAILBOXES_PATH}/sync`), []);
  return { mailboxes: data, error, retry, add, change, remove, syncNow };
}
