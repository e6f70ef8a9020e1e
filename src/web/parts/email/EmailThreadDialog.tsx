import { useCallback, useState } from "react";
import { emailAttachmentUrl, emailMessagePageUrl, useEmailThread, type EmailMessage } from "../../api/emails";
import { formatFileSize } from "../../format/file-size";
import { formatUsDateTime } from "../../format/dates";
import { Button } from "../../ui/Button";
import { SkeletonLines } from "../../ui/DetailCard";
import { LoadError } from "../../ui/LoadError";
import { Modal } from "../../ui/Modal";

/**
 * A thread opened to be read (from the Emails tab, the timeline or Settings' unmatched e-mail): its messages,
 * oldest first, each as much as its mailboxes show. `onReply`, given when the CRM sends e-mail, offers to
 * reply to a thread filed under an account; `onLink` offers to link a thread filed under none to one.
 */
export function EmailThreadDialog({ threadId, onReply, onLink, onClose }: { threadId: number; onReply?: () => void; onLink?: () => void; onClose: () => void }) {
  const { thread, error, retry } = useEmailThread(threadId);
  const action =
    thread === undefined
      ? null
      : onReply !== undefined && thread.accountId !== null
        ? { label: "Reply", onClick: onReply, testId: "email-reply-button" }
        : onLink !== undefined && thread.accountId === null
          ? { label: "Link to account", onClick: onLink, testId: "email-link-button" }
          : null;
  const footer = action ? (
    <>
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
      <Button variant="primary" onClick={action.onClick} data-testid={action.testId}>
        {action.label}
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
      {message.hasHtml ? (
        <MessageHtml message={message} />
      ) : (
        <p className="text-sm break-words whitespace-pre-wrap text-slate-800" data-testid="email-message-text">
          {message.text}
        </p>
      )}
      {message.attachments && message.attachments.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" data-testid="email-message-attachments">
          {message.attachments.map((attachment) => (
            <li key={attachment.id} className="max-w-full">
              <a
                href={emailAttachmentUrl(attachment.id)}
                download={attachment.filename}
                className="block rounded-md border border-slate-200 px-2 py-1 text-xs break-all text-blue-700 hover:bg-slate-50 hover:underline"
                data-testid="email-attachment-link"
              >
                {attachment.filename} <span className="text-slate-500">({formatFileSize(attachment.size)})</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A message's HTML with the sender's images hidden (the server blocks a remote image: safe-html.ts) and, when
 * it has https ones, a bar offering to load them: that message alone is shown again with them, and nothing
 * else from the web.
 */
function MessageHtml({ message }: { message: EmailMessage }) {
  const [imagesLoaded, setImagesLoaded] = useState(false);
  return (
    <>
      {message.hasRemoteImages && !imagesLoaded && (
        <div className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-slate-100 px-3 py-2 text-xs text-slate-700" data-testid="email-images-hidden">
          <span>Images from the sender are hidden.</span>
          <button type="button" className="font-medium text-blue-700 hover:underline" onClick={() => setImagesLoaded(true)} data-testid="email-load-images">
            Load images
          </button>
        </div>
      )}
      <MessageFrame messageId={message.id} remoteImages={imagesLoaded} />
    </>
  );
}

/**
 * A message's HTML, a page the server sends under a policy of its own (routes/email-messages.ts: the
 * sender's inline styles apply, no script runs, nothing loads but images carried in the message and, once
 * staff asked, https ones), shown in a frame that is sandboxed too (no script, no form, no navigation of
 * the dashboard; links open in a new tab). The page is the dashboard's origin, so the frame reads its
 * content's height and takes it.
 */
function MessageFrame({ messageId, remoteImages }: { messageId: number; remoteImages: boolean }) {
  const [height, setHeight] = useState(120);
  const fitContent = useCallback((event: React.SyntheticEvent<HTMLIFrameElement>) => {
    const page = event.currentTarget.contentDocument;
    if (!page) return;
    const fit = () => setHeight(Math.min(Math.max(page.documentElement.scrollHeight + 16, 60), 2000));
    // An image loaded later makes the message taller: the frame follows.
    for (const image of page.querySelectorAll("img")) image.addEventListener("load", fit);
    fit();
  }, []);
  return (
    <iframe
      title="Message"
      src={emailMessagePageUrl(messageId, { remoteImages })}
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      onLoad={fitContent}
      style={{ height }}
      className="w-full border-0"
      data-testid="email-message-html"
      data-remote-images={remoteImages ? "shown" : "hidden"}
    />
  );
}
