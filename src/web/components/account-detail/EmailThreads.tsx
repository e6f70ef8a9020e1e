import { useState } from "react";
import { useAccountEmailThreads, type EmailThreadSummary } from "../../api/emails";
import { formatCountOf } from "../../format/count";
import { formatUsDateTime } from "../../format/dates";
import { MailIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { SkeletonLines } from "../../ui/DetailCard";
import { ShowMore } from "../../ui/ShowMore";
import { EmailThreadDialog } from "./EmailThreadDialog";

/** The Emails tab: the account's e-mail threads from the team's mailboxes, newest first; one opens to be read. */
export function EmailThreads({ accountId }: { accountId: number }) {
  const pages = useAccountEmailThreads(accountId);
  const [openThreadId, setOpenThreadId] = useState<number | null>(null);

  if (!pages.threads) {
    if (pages.error !== undefined) return <LoadError title="The e-mails could not be loaded." error={pages.error} onRetry={pages.refresh} compact testId="emails-error" />;
    return <SkeletonLines count={4} />;
  }
  if (pages.threads.length === 0) {
    return (
      <p className="py-8 text-center text-sm text-slate-500" data-testid="emails-empty">
        No email history available.
      </p>
    );
  }
  return (
    <div>
      <ul className="divide-y divide-slate-100" data-testid="email-threads">
        {pages.threads.map((thread) => (
          <li key={thread.id}>
            <ThreadRow thread={thread} onOpen={() => setOpenThreadId(thread.id)} />
          </li>
        ))}
      </ul>
      <ShowMore pages={pages} failureTitle="More e-mails could not be loaded." testId="emails-show-more" className="mt-3" />
      {openThreadId !== null && <EmailThreadDialog threadId={openThreadId} onClose={() => setOpenThreadId(null)} />}
    </div>
  );
}

function ThreadRow({ thread, onOpen }: { thread: EmailThreadSummary; onOpen: () => void }) {
  const people = thread.participants.map((person) => person.name || person.address).join(", ");
  return (
    <button type="button" onClick={onOpen} className="flex w-full min-w-0 gap-3 rounded-lg px-1 py-3 text-left hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500" data-testid="email-thread">
      <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-sky-50 text-sky-600" aria-hidden="true">
        <MailIcon className="h-4 w-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className={`text-sm font-medium break-words ${thread.subject === null ? "text-slate-500 italic" : "text-slate-900"}`} data-testid="email-thread-subject">
            {thread.subject ?? "Subject not shown"}
            {thread.messageCount > 1 && <span className="ml-1.5 text-xs font-normal text-slate-500">({thread.messageCount})</span>}
          </span>
          <span className="text-xs whitespace-nowrap text-slate-500">{formatUsDateTime(thread.lastMessageAt)}</span>
        </span>
        <span className="block text-xs break-words text-slate-600">{people}</span>
        {thread.snippet && <span className="mt-0.5 line-clamp-2 block text-sm break-words text-slate-500">{thread.snippet}</span>}
        {thread.attachmentCount > 0 && <span className="mt-0.5 block text-xs text-slate-500">{formatCountOf(thread.attachmentCount, "attachment")}</span>}
      </span>
    </button>
  );
}
