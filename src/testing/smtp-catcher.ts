import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

/** A message the test SMTP server received, as its recipient would read it. */
export interface CaughtMail {
  /** The envelope's sender and recipients, as the CRM gave them to the SMTP server. */
  envelopeFrom: string;
  envelopeTo: string[];
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  /** The headers a mail program threads by, as sent. */
  messageId: string;
  inReplyTo: string;
  references: string;
  text: string;
  html: string;
  /** The message as it arrived, headers and all: what a mailbox's Sent folder would hold. */
  source: string;
}

export interface SmtpCatcher {
  /** CRM_MAIL_SMTP for the CRM to send here: plain SMTP on loopback, with the catcher's user and password. */
  url: string;
  /** Every message received so far, in order. */
  received: CaughtMail[];
  /** Resolves with the next message not yet taken by an earlier call: one received already, or the next to come. */
  nextMail(): Promise<CaughtMail>;
  /** How many times a client failed to sign in (a wrong password). */
  failedLogins(): number;
  stop(): Promise<void>;
}

export const SMTP_CATCHER_USER = "crm@example.com";
export const SMTP_CATCHER_PASSWORD = "smtp secret";
/** Mail to this domain is refused as a provider refuses an unknown mailbox (550), for the tests of a failed sending. */
export const SMTP_CATCHER_REFUSED_DOMAIN = "refused.test";

/**
 * A real SMTP server on loopback (the smtp-server package), which receives what the CRM sends as a
 * provider's would: it asks for the user and password and takes the message over SMTP. Without TLS, as
 * loopback needs none: its STARTTLS is turned off.
 */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const received: CaughtMail[] = [];
  const waiting: ((mail: CaughtMail) => void)[] = [];
  let taken = 0;
  let failedLogins = 0;
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_CATCHER_USER && auth.password === SMTP_CATCHER_PASSWORD) return callback(null, { user: auth.username });
      failedLogins++;
      callback(new Error("Invalid username or password"));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith(`@${SMTP_CATCHER_REFUSED_DOMAIN}`)) {
        return callback(Object.assign(new Error("5.1.1 Mailbox unavailable: no such user here"), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const source = Buffer.concat(chunks);
        const parsed = await PostalMime.parse(source);
        const mail: CaughtMail = {
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
          from: parsed.from?.address ?? "",
          to: (parsed.to ?? []).map((address) => address.address ?? ""),
          cc: (parsed.cc ?? []).map((address) => address.address ?? ""),
          subject: parsed.subject ?? "",
          messageId: parsed.messageId ?? "",
          inReplyTo: parsed.inReplyTo ?? "",
          references: parsed.references ?? "",
          source: source.toString("utf8"),
          text: parsed.text ?? "",
          html: parsed.html ?? "",
        };
        received.push(mail);
        callback();
        const waiter = waiting.shift();
        if (waiter) {
          taken++;
          waiter(mail);
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://${encodeURIComponent(SMTP_CATCHER_USER)}:${encodeURIComponent(SMTP_CATCHER_PASSWORD)}@127.0.0.1:${port}`,
    received,
    nextMail() {
      if (taken < received.length) return Promise.resolve(received[taken++]!);
      return new Promise((resolve) => waiting.push(resolve));
    },
    failedLogins: () => failedLogins,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The link to choose a password that an e-mail carries. */
export function setPasswordLinkIn(mail: CaughtMail): string {
  const link = /https?:\/\/\S+\/set-password#token=\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no set-password link in:\n${mail.text}`);
  return link;
}
