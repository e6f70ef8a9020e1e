import type { CrmDatabase } from "../database/open.ts";

/**
 * The thread a number names now: itself, or the thread it was joined into when a later message showed the
 * two to be one conversation (store-messages.ts: joinThreads). Staff act on a thread by the number the
 * dashboard listed, which a reading may have joined since: a dialog left open, a reply, a link to an account.
 */
export function threadNow(db: CrmDatabase, threadId: number): number {
  return db.$client.query<{ joinedInto: number }, [number]>("SELECT joined_into AS joinedInto FROM mail_thread_joins WHERE thread_id = ?").get(threadId)?.joinedInto ?? threadId;
}
