import nodemailer from "nodemailer";
import { readMailSettings, type MailSettings } from "./mail-settings.ts";

/** One e-mail the CRM sends: plain text always, HTML beside it when given. */
export interface OutgoingMessage {
  to: string;
  cc?: readonly string[];
  subject: string;
  text: string;
  html?: string;
  /** The Message-ID answered (in angle brackets), and the conversation's before it, oldest first: the recipient's mail program threads by them. */
  inReplyTo?: string;
  references?: readonly string[];
}

/**
 * What the SMTP server accepted: the message under the Message-ID the mailer gave it (in angle brackets), for
 * every recipient but those it refused (lower-cased). When it refuses them all, nothing is sent: sendMail
 * rejects instead (nodemailer's EENVELOPE).
 */
export interface SentMessage {
  messageId: string;
  refused: string[];
}

/** Sends the CRM's e-mail through the configured SMTP server. */
export interface Mailer {
  /** Resolves once the SMTP server has accepted the message; rejects with its refusal or the connection's failure. */
  sendMail(message: OutgoingMessage): Promise<SentMessage>;
}

/**
 * How long a step of the SMTP conversation may take. A person waits on an invitation's answer, so a server
 * that does not answer fails the sending in seconds rather than nodemailer's minutes.
 */
const SMTP_CONNECTION_TIMEOUT_MS = 10_000;
const SMTP_SOCKET_TIMEOUT_MS = 30_000;

/**
 * A mailer over nodemailer's SMTP transport (docs/design.md, "Outgoing mail"): it speaks SMTP, TLS and
 * STARTTLS, and authentication, which the CRM does not write by hand. One connection per message: the CRM
 * sends a few e-mails a day, and a pool would hold a connection open for none.
 */
export function createMailer(settings: MailSettings): Mailer {
  const { host, port, secure, user, password } = settings.smtp;
  const transport = nodemailer.createTransport({
    host,
    port,
    secure,
    auth: user === null ? undefined : { user, pass: password ?? "" },
    connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
  });
  return {
    async sendMail(message) {
      const info = await transport.sendMail({
        from: settings.from,
        to: message.to,
        cc: message.cc && message.cc.length > 0 ? [...message.cc] : undefined,
        subject: message.subject,
        text: message.text,
        html: message.html,
        inReplyTo: message.inReplyTo,
        references: message.references && message.references.length > 0 ? [...message.references] : undefined,
      });
      return { messageId: info.messageId, refused: info.rejected.map((address) => address.toLowerCase()) };
    },
  };
}

/** The CRM's e-mail as the environment sets it up: its mailer and settings, or null when it sends none. */
export interface OutgoingMail {
  mailer: Mailer;
  settings: MailSettings;
}

/** Reads the environment's mail settings (mail-settings.ts) and makes their mailer; null without CRM_MAIL_SMTP. */
export function outgoingMailOf(env: Record<string, string | undefined>): OutgoingMail | null {
  const settings = readMailSettings(env);
  return settings && { mailer: createMailer(settings), settings };
}
