import { useState } from "react";
import { fileEmailThread, UNMATCHED_EMAIL_PAGE_SIZE, unmatchedEmailThreadsUrl, useRefreshAfterFiling, type EmailThreadSummary } from "../../api/unmatched-emails";
import { formatCountOf } from "../../format/count";
import { formatUsDateTime } from "../../format/dates";
import { EmailThreadDialog } from "../../parts/email/EmailThreadDialog";
import { Button } from "../../ui/Button";
import { FormModal } from "../../ui/FormModal";
import { CardPagedList } from "../../ui/CardPagedList";
import { SettingsCard } from "../../ui/SettingsCard";
import { MailIcon } from "../../ui/icons";
import { useWrite } from "../../ui/use-write";
import { FIELD_LABEL_CLASS } from "../../ui/field-label";
import { onDemand, onDemandComponent } from "../../ui/on-demand";
import type { PickedAccount } from "../../ui/AccountCombobox";

// Headless UI's combobox, which the first page does without (ui/on-demand.ts).
const AccountCombobox = onDemandComponent(onDemand(() => import("../../ui/AccountCombobox").then((module) => module.AccountCombobox)));

/**
 * E-mail threads the CRM could file under no account (a customer writing from an address no account or
 * contact has), newest first, for everyone: each can be read (no reply: it has no account to send from yet) and is linked to the account staff choose, and then shows on
 * its Emails tab and timeline. Bulk mail and mail among the team are never listed.
 */
export function UnmatchedEmailCard() {
  const [reading, setReading] = useState<EmailThreadSummary | null>(null);
  const [linking, setLinking] = useState<EmailThreadSummary | null>(null);

  return (
    <SettingsCard
      title="Unmatched E-mail"
      description="Conversations with people no account knows yet. Link each to its account to keep the customer's history together."
      icon={MailIcon}
      testId="unmatched-email-card"
    >
      <CardPagedList<EmailThreadSummary>
        pageUrl={(offset) => unmatchedEmailThreadsUrl(UNMATCHED_EMAIL_PAGE_SIZE, offset)}
        pageSize={UNMATCHED_EMAIL_PAGE_SIZE}
        errorTitle="The unmatched e-mail could not be loaded."
        emptyText="Every e-mail conversation is in an account."
        noun={{ singular: "conversation" }}
        testIds={{ error: "unmatched-email-error", empty: "unmatched-email-empty", list: "unmatched-email-threads" }}
        renderItem={(thread) => <UnmatchedThreadItem key={thread.id} thread={thread} onRead={() => setReading(thread)} onLink={() => setLinking(thread)} />}
      />
      {reading && (
        <EmailThreadDialog
          threadId={reading.id}
          onLink={() => {
            setReading(null);
            setLinking(reading);
          }}
          onClose={() => setReading(null)}
        />
      )}
      {linking && <LinkThreadModal thread={linking} onClose={() => setLinking(null)} />}
    </SettingsCard>
  );
}

function peopleOf(thread: EmailThreadSummary): string {
  return thread.participants.map((person) => person.name || person.address).join(", ");
}

function UnmatchedThreadItem({ thread, onRead, onLink }: { thread: EmailThreadSummary; onRead: () => void; onLink: () => void }) {
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4" data-testid="unmatched-email-thread">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-words text-slate-900" data-testid="unmatched-email-subject">
          {thread.subject ?? <span className="font-normal text-slate-500 italic">Subject not shown</span>}
        </p>
        <p className="mt-0.5 text-xs break-words text-slate-500">
          {peopleOf(thread)} · {formatCountOf(thread.messageCount, "message")} · {formatUsDateTime(thread.lastMessageAt)}
        </p>
        {thread.snippet && <p className="mt-1 line-clamp-2 text-xs text-slate-600">{thread.snippet}</p>}
      </div>
      <span className="flex shrink-0 gap-2 self-start sm:self-center">
        <Button size="sm" variant="secondary" onClick={onRead} data-testid="unmatched-email-read">
          Read
        </Button>
        <Button size="sm" onClick={onLink} data-testid="unmatched-email-link">
          Link to account
        </Button>
      </span>
    </li>
  );
}

function LinkThreadModal({ thread, onClose }: { thread: EmailThreadSummary; onClose: () => void }) {
  const [account, setAccount] = useState<PickedAccount | null>(null);
  const { run, isPending } = useWrite({
    refresh: useRefreshAfterFiling(),
    success: { title: "E-mail linked", description: `The conversation is now on ${account?.name ?? "the account"}'s Emails tab.` },
    onSuccess: onClose,
    failureMessage: "The conversation could not be linked",
  });
  return (
    <FormModal
      title="Link to account"
      description={`${thread.subject ?? "A conversation"} with ${peopleOf(thread)}`}
      onClose={onClose}
      onSubmit={() => {
        if (account) void run(() => fileEmailThread(thread.id, account.id));
      }}
      submitLabel="Link"
      pendingLabel="Linking..."
      isPending={isPending}
      canSubmit={account !== null && !isPending}
      submitTestId="unmatched-email-link-submit"
      testId="unmatched-email-link-dialog"
    >
      <div>
        <label id="unmatched-email-account-label" className={FIELD_LABEL_CLASS}>
          Account
        </label>
        <AccountCombobox
          account={account}
          onChange={setAccount}
          labelledBy="unmatched-email-account-label"
          testIds={{ input: "unmatched-email-account-input", list: "unmatched-email-account-options", option: "unmatched-email-account-option" }}
        />
      </div>
    </FormModal>
  );
}
