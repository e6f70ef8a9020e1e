import { useCallback, useEffect, useRef } from "react";
import useSWR, { unstable_serialize, useSWRConfig } from "swr";
import type { MailboxChanges, MailboxSettings, NewMailboxBody } from "../../contracts/mailboxes.ts";
import { useRefreshReads } from "./cached-reads";
import { apiRequest } from "./client";

export type { MailboxChanges, MailboxSettings, NewMailboxBody };
export { DEFAULT_MAIL_FOLDERS, MAIL_VISIBILITIES, type MailVisibility } from "../../contracts/mail.ts";

export const MAILBOXES_PATH = "/api/settings/mailboxes";

/** How often the mailboxes are read again while a reading of their mail is under way. */
const SYNCING_POLL_MS = 2000;

/**
 * The mailboxes the CRM reads (administrators only), with the writes that change them; each write reads the
 * list again. While a reading of their mail is under way (`syncing`: "Sync now", or the server's own every
 * five minutes) the list is read every 2 s, so that each mailbox's last reading, error and count show as it
 * ends; then the reads the new mail changes (threads, accounts) are refreshed.
 */
export function useMailboxes() {
  // The interval follows the answer shown, the one syncNow() just read included: SWR restarts its timer only when the interval changes.
  const { cache } = useSWRConfig();
  const shown: MailboxSettings[] | undefined = cache.get(unstable_serialize(MAILBOXES_PATH))?.data;
  const { data, error, mutate } = useSWR<MailboxSettings[]>(MAILBOXES_PATH, {
    revalidateOnMount: true,
    // The app's reads are deduplicated for as long as they are cached: every poll would get the first answer back.
    dedupingInterval: 0,
    refreshInterval: shown?.some((mailbox) => mailbox.syncing) ? SYNCING_POLL_MS : 0,
  });
  useRefreshMailWhenSyncEnds(data);
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
  // The reading runs in the background: the list read again says it is under way, and is read until it ends.
  const syncNow = useCallback(async () => {
    await apiRequest("POST", `${MAILBOXES_PATH}/sync`);
    await mutate();
  }, [mutate]);
  return { mailboxes: data, error, retry, add, change, remove, syncNow };
}

/** What new mail changes: the unmatched threads, and accounts' Emails tabs, timelines and Last E-mailed. */
const READS_NEW_MAIL_CHANGES = ["/api/email-threads", "/api/accounts"] as const;

/** Once a reading seen under way has ended, every read of the mail it may have brought is refreshed. */
function useRefreshMailWhenSyncEnds(mailboxes: MailboxSettings[] | undefined): void {
  const refreshMail = useRefreshReads(READS_NEW_MAIL_CHANGES);
  const wasSyncing = useRef(false);
  const syncing = mailboxes?.some((mailbox) => mailbox.syncing) ?? false;
  useEffect(() => {
    if (syncing) wasSyncing.current = true;
    else if (wasSyncing.current) {
      wasSyncing.current = false;
      void refreshMail();
    }
  }, [syncing, refreshMail]);
}
