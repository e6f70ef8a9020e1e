import { useCallback, useState } from "react";
import { useEmailThread, type EmailMessage } from "../../api/emails";
import { formatFileSize } from "../../format/file-size";
import { formatUsDateTime } from "../../format/dates";
import { Button } from "../../ui/Button";
import { SkeletonLines } from "../../ui/DetailCard";
import { LoadError } from "../../ui/LoadError";
import { Modal } from "../../ui/Modal";

/**
 * A thread opened from the Emails tab: its messages, oldest first, each as much as its mailboxes show.
 * `onReply`, given when the CRM sends e-mail, offers to reply to a thread filed under an account.
 */
export function EmailThreadDialog({ threadId, onReply, onClose }: { threadId: number; onReply?: () => void; onClose: () => void }) {
  const { thread, error, retry } = useEmailThread(threadId);
  const canReply = onReply !== undefined && thread !== undefined && thread.accountId !== null;
  const footer = canReply ? (
    <>
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
      <Button variant="primary" onClick={onReply} data-testid="email-reply-button">
        Reply
      </Button>
    </>
  ) : (
    "close"
  );
  return (
    <Modal open onClose={onClose} title={thread ? (thread.subject ?? "Subject not shown") : "E-mail"} size="xl" footer={footer} testId="email-thread-dialog">
      {thread ? (
        <ol className="space-y-4">
          {thread.messages.map((message) => (
            <li key={message.id} className="rounded-lg border border-slate-200" data-testid="email-message">
              <MessageHeader message={message} />
              <MessageBody message={message} />
            </li>
          ))}
        </ol>
      ) : error !== undefined ? (
        <LoadError title="The e-mail could not be loaded." error={error} onRetry={retry} compact />
      ) : (
        <SkeletonLines count={6} />
      )}
    </Modal>
  );
}

function MessageHeader({ message }: { message: EmailMessage }) {
  const named = (person: { name: string; address: string }) => (person.name ? `${person.name} <${person.address}>` : person.address);
  const recipients = (role: "to" | "cc") => message.participants.filter((person) => person.role === role).map(named).join(", ");
  return (
    <div className="border-b border-slate-100 bg-slate-50 px-3 py-2 text-xs text-slate-600 sm:px-4">
      <div className="flex flex-wrap justify-between gap-x-3">
        <span className="font-medium break-words text-slate-900" data-testid="email-message-from">
          {named(message.from)}
        </span>
        <span className="whitespace-nowrap">{formatUsDateTime(message.sentAt)}</span>
      </div>
      {recipients("to") && <div className="break-words">To: {recipients("to")}</div>}
      {recipients("cc") && <div className="break-words">Cc: {recipients("cc")}</div>}
      {message.subject !== null && <div className="mt-0.5 break-words text-slate-800">{message.subject}</div>}
    </div>
  );
}

function MessageBody({ message }: { message: EmailMessage }) {
  if (message.visibility !== "everything") {
    return (
      <p className="px-3 py-3 text-sm text-slate-500 italic sm:px-4" data-testid="email-message-hidden">
        {message.visibility === "subject" ? "Its mailbox shows the subject of its mail, not the message." : "Its mailbox shows who wrote to whom and when, not the message."}
      </p>
    );
  }
  return (
    <div className="px-3 py-3 sm:px-4">
      {message.html ? (
        <MessageFrame html={message.html} />
      ) : (
        <p className="text-sm break-words whitespace-pre-wrap text-slate-800" data-testid="email-message-text">
          {message.text}
        </p>
      )}
      {message.attachments && message.attachments.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" data-testid="email-message-attachments">
          {message.attachments.map((attachment) => (
            <li key={attachment.id} className="rounded-md border border-slate-200 px-2 py-1 text-xs break-all text-slate-600">
              {attachment.filename} <span className="text-slate-400">({formatFileSize(attachment.size)})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A message's HTML, already sanitised by the server, shown in a frame of its own: sandboxed (no script
 * runs, no form posts, no navigation of the dashboard), under a policy that loads nothing, and with the
 * dashboard's styles kept out. Links open in a new tab. It takes its content's height.
 */
function MessageFrame({ html }: { html: string }) {
  const [height, setHeight] = useState(120);
  const fitContent = useCallback((event: React.SyntheticEvent<HTMLIFrameElement>) => {
    const body = event.currentTarget.contentDocument?.body;
    if (!body) return;
    // Set through the DOM: the dashboard's policy, which the frame inherits, allows no inline style sheet.
    Object.assign(body.style, { margin: "0", font: "14px/1.5 system-ui, sans-serif", color: "#1e293b", overflowWrap: "anywhere" });
    for (const image of body.querySelectorAll("img")) image.style.maxWidth = "100%";
    setHeight(Math.min(Math.max(body.scrollHeight + 16, 60), 2000));
  }, []);
  const page = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'"></head><body>${html}</body></html>`;
  return (
    <iframe
      title="Message"
      srcDoc={page}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      onLoad={fitContent}
      style={{ height }}
      className="w-full border-0"
      data-testid="email-message-html"
    />
  );
}
