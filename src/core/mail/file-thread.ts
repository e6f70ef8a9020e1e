import { eq } from "drizzle-orm";
import type { Actor } from "../changes/actor.ts";
import { announceChange } from "../changes/change-feed.ts";
import type { CrmDatabase } from "../database/open.ts";
import { accounts, mailMessageAccounts, mailMessages, mailThreads } from "../database/schema.ts";
import { inTransaction } from "../database/transaction.ts";
import { invalid, notFound } from "../errors.ts";
import { threadNow } from "./joined-threads.ts";

/**
 * Staff file a thread under an account: one the matching found no account for (a customer writing from an
 * address the CRM does not know yet), or another than the one it found. The thread is then the account's
 * (its Emails tab, timeline and "Last e-mailed"), and each of its messages is matched to the account by
 * `staff`; matches the sync made to other accounts stay, as a message may concern several. Announced on
 * the change feed (the audit trail's entry). 404 for no such thread, 400 naming `accountId` for no such account.
 */
export function fileThreadUnderAccount(db: CrmDatabase, listedThreadId: number, accountId: number, actor: Actor): void {
  inTransaction(
    db,
    () => {
      const threadId = threadNow(db, listedThreadId);
      const thread = db
        .select({ accountId: mailThreads.accountId, accountName: accounts.name })
        .from(mailThreads)
        .leftJoin(accounts, eq(accounts.id, mailThreads.accountId))
        .where(eq(mailThreads.id, threadId))
        .get();
      if (!thread) throw notFound("E-mail thread not found");
      const account = db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)).get();
      if (!account) throw invalid("accountId", "accountId names no account");
      if (thread.accountId === accountId) return;
      db.update(mailThreads).set({ accountId }).where(eq(mailThreads.id, threadId)).run();
      const messages = db.select({ messageId: mailMessages.id }).from(mailMessages).where(eq(mailMessages.threadId, threadId)).all();
      if (messages.length > 0) {
        db.insert(mailMessageAccounts)
          .values(messages.map(({ messageId }) => ({ messageId, accountId, matchedBy: "staff" as const })))
          .onConflictDoNothing()
          .run();
      }
      announceChange(db, {
        type: "email_thread_filed",
        threadId,
        accountId,
        changes: [{ field: "account", old: thread.accountName, new: account.name }],
        actor,
        at: new Date(),
      });
    },
    { immediate: true },
  );
}
