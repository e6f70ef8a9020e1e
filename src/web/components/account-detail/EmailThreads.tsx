import { useState } from "react";
import { useAppConfig } from "../../api/app-config";
import { useAccountEmailThreads, type EmailThreadSummary } from "../../api/emails";
import { useForgetEmailThread, type SentEmail } from "../../api/sent-emails";
import { formatCountOf } from "../../format/count";
import { formatUsDateTime } from "../../format/dates";
import { Button } from "../../ui/Button";
import { MailIcon, PlusIcon } from "../../ui/icons";
import { LoadError } from "../../ui/LoadError";
import { SkeletonLines } from "../../ui/DetailCard";
import { ShowMore } from "../../ui/ShowMore";
import { useToast } from "../../ui/toast/useToast";
import { ComposeEmailModal } from "./ComposeEmailModal";
import { EmailThreadDialog } from "../../parts/email/EmailThreadDialog";

/** The dialog open over the tab, if any: a thread read, a new message or a reply being written. */
type EmailDialog = { kind: "thread"; threadId: number } | { kind: "compose" } | { kind: "reply"; threadId: number };

/**
 * The Emails tab: the account's e-mail threads from the team's mailboxes, newest first; one opens to be
 * read. When the CRM sends e-mail (an SMTP server is set up), staff write a new message from the account or
 * reply in a thread; otherwise the tab says so.
 */
export function EmailThreads({ accountId }: { accountId: number }) {
  const pages = useAccountEmailThreads(accountId);
  const sendsEmail = useAppConfig().config?.sendsEmail ?? false;
  const [dialog, setDialog] = useState<EmailDialog | null>(null);
  const { toast } = useToast();
  const forgetThread = useForgetEmailThread();

  function sent(email: SentEmail) {
    const reached = [email.to, ...email.cc].filter((address) => !email.refused.includes(address));
    const refusal = email.refused.length > 0 ? ` Not to ${email.refused.join(", ")}: the mail server refused ${email.refused.length === 1 ? "that address" : "those addresses"}.` : "";
    toast({ title: "E-mail Sent", description: `Sent to ${reached.join(", ")}.${refusal}` });
    pages.refresh();
    if (email.threadId === null) return setDialog(null);
    forgetThread(email.threadId);
    setDialog({ kind: "thread", threadId: email.threadId });
  }

  const toolbar = (
    <div className="mb-4 flex items-center justify-end gap-3">
      {sendsEmail ? (
        <Button size="sm" icon={PlusIcon} onClick={() => setDialog({ kind: "compose" })} data-testid="new-email-button">
          New E-mail
        </Button>
      ) : (
        <p className="text-xs text-slate-500" data-testid="emails-sending-off">
          Sending e-mail from the CRM is off: an administrator sets up its mail server (CRM_MAIL_SMTP).
        </p>
      )}
    </div>
  );

  let list;
  if (!pages.threads) {
    list = pages.error !== undefined ? <LoadError title="The e-mails could not be loaded." error={pages.error} onRetry={pages.refresh} compact testId="emails-error" /> : <SkeletonLines count={4} />;
  } else if (pages.threads.length === 0) {
    list = (
      <p className="py-8 text-center text-sm text-slate-500" data-testid="emails-empty">
        No email history available.
      </p>
    );
  } else {
    list = (
      <>
        <ul className="divide-y divide-slate-100" data-testid="email-threads">
          {pages.threads.map((thread) => (
            <li key={thread.id}>
              <ThreadRow thread={thread} onOpen={() => setDialog({ kind: "thread", threadId: thread.id })} />
            </li>
          ))}
        </ul>
        <ShowMore pages={pages} failureTitle="More e-mails could not be loaded." testId="emails-show-more" className="mt-3" />
      </>
    );
  }
  return (
    <div>
      {toolbar}
      {list}
      {dialog?.kind === "thread" && (
        <EmailThreadDialog threadId={dialog.threadId} onReply={sendsEmail ? () => setDialog({ kind: "reply", threadId: dialog.threadId }) : undefined} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === "compose" && <ComposeEmailModal accountId={accountId} onClose={() => setDialog(null)} onSent={sent} />}
      {dialog?.kind === "reply" && (
        <ComposeEmailModal accountId={accountId} replyToThreadId={dialog.threadId} onClose={() => setDialog({ kind: "thread", threadId: dialog.threadId })} onSent={sent} />
      )}
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
