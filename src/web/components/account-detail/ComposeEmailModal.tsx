import { useAccountDetail } from "../../api/account-detail";
import { EMAIL_CC_MAX_LENGTH, EMAIL_TEXT_MAX_LENGTH, replyToEmailThread, sendAccountEmail, useReplyDraft, type SentEmail } from "../../api/sent-emails";
import { FormError } from "../../ui/FieldError";
import { FormModal } from "../../ui/FormModal";
import { Select } from "../../ui/Select";
import { TextAreaField } from "../../ui/TextAreaField";
import { TextField } from "../../ui/TextField";
import { useFormModal } from "../../ui/useFormModal";
import { SHORT_TEXT_MAX_LENGTH } from "../../../contracts/common.ts";

export interface ComposeEmailModalProps {
  accountId: number;
  /** The thread answered; a new message when not given. */
  replyToThreadId?: number;
  onClose: () => void;
  onSent: (sent: SentEmail) => void;
}

interface EmailForm {
  to: string;
  cc: string;
  subject: string;
  text: string;
}

/** The form's words for the fields the server names. */
const FIELD_LABELS = { to: "To", cc: "Cc", subject: "Subject", text: "Message" };

/**
 * 'New E-mail' and 'Reply': plain text through the CRM's SMTP server, kept in the Emails tab once sent. A
 * new message goes to one of the account's contacts' e-mails or its own; a reply to whoever the server says
 * (the latest message's sender outside the team), under its subject. A refusal (a mailbox the server does
 * not know, say) shows beside its field, keeping what was typed.
 */
export function ComposeEmailModal({ accountId, replyToThreadId, onClose, onSent }: ComposeEmailModalProps) {
  const isReply = replyToThreadId !== undefined;
  const { account } = useAccountDetail(accountId);
  const { draft, error: draftError } = useReplyDraft(replyToThreadId ?? null);
  const addressees = addresseesOf(account);
  const { fieldProps, generalFailure, modalProps } = useFormModal<EmailForm, SentEmail>({
    initial: { to: "", cc: "", subject: "", text: "" },
    onClose,
    canSubmit: (form) => form.text.trim() !== "" && (isReply ? draft !== undefined : (form.to || addressees[0]?.value) !== undefined && form.subject.trim() !== ""),
    send: (form) =>
      isReply
        ? replyToEmailThread(replyToThreadId, { cc: form.cc, text: form.text })
        : sendAccountEmail(accountId, { to: form.to || addressees[0]!.value, cc: form.cc, subject: form.subject, text: form.text }),
    failureMessage: "The e-mail was not sent",
    fieldLabels: FIELD_LABELS,
    showsFailureItself: true,
    onSuccess: onSent,
  });
  const isSending = modalProps.isPending;
  const to = fieldProps("to");

  return (
    <FormModal
      {...modalProps}
      title={isReply ? "Reply" : "New E-mail"}
      description="Plain text, sent from the CRM's e-mail address and kept in this account's e-mails."
      size="lg"
      testId="compose-email-modal"
      submitLabel="Send"
      pendingLabel="Sending..."
      submitTestId="compose-email-send"
    >
      {isReply ? (
        <dl className="space-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm" data-testid="reply-addressee">
          <div className="flex gap-2">
            <dt className="w-16 shrink-0 text-slate-500">To</dt>
            <dd className="min-w-0 break-words text-slate-900">{draft ? named(draft.to) : draftError ? "Nobody to reply to" : "…"}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="w-16 shrink-0 text-slate-500">Subject</dt>
            <dd className="min-w-0 break-words text-slate-900">{draft?.subject ?? "…"}</dd>
          </div>
        </dl>
      ) : addressees.length === 0 ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800" data-testid="compose-email-no-addressee">
          This account has no e-mail address: add one, or a contact with one, to write to it.
        </p>
      ) : (
        <Select label="To" {...to} value={to.value || addressees[0]!.value} options={addressees} disabled={isSending} data-testid="compose-email-to" />
      )}
      <TextField
        label="Cc"
        {...fieldProps("cc")}
        maxLength={EMAIL_CC_MAX_LENGTH}
        placeholder="Optional: addresses separated by commas"
        autoComplete="off"
        spellCheck={false}
        disabled={isSending}
        data-testid="compose-email-cc"
      />
      {!isReply && (
        <TextField label="Subject" {...fieldProps("subject")} required maxLength={SHORT_TEXT_MAX_LENGTH} disabled={isSending} autoFocus data-testid="compose-email-subject" />
      )}
      <TextAreaField
        label="Message"
        {...fieldProps("text")}
        required
        rows={8}
        maxLength={EMAIL_TEXT_MAX_LENGTH}
        disabled={isSending}
        autoFocus={isReply}
        data-testid="compose-email-text"
      />
      <FormError message={generalFailure?.message ?? (isReply && draftError instanceof Error ? draftError.message : undefined)} testId="compose-email-error" />
    </FormModal>
  );
}

function named(person: { name: string; address: string }): string {
  return person.name ? `${person.name} <${person.address}>` : person.address;
}

/** The account's contacts' e-mails (primary first, as the account screen has them), then its own, each once: as the server allows. */
function addresseesOf(account: ReturnType<typeof useAccountDetail>["account"]): { value: string; label: string }[] {
  if (!account) return [];
  const people = [
    ...account.contacts.flatMap((contact) => (contact.email ? [{ name: `${contact.firstName} ${contact.lastName}`.trim(), address: contact.email }] : [])),
    ...(account.email ? [{ name: account.name, address: account.email }] : []),
  ];
  const seen = new Set<string>();
  return people.flatMap((person) => {
    const key = person.address.toLowerCase();
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ value: person.address, label: named(person) }];
  });
}
