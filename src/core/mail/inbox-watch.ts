import type { ImapFlow } from "imapflow";
import type { Mailbox } from "./mailboxes.ts";
import { imapClientOf } from "./sync-mailbox.ts";

/**
 * IMAP IDLE on a mailbox's INBOX: one connection that waits for the server to say new mail came (an
 * untagged EXISTS with more messages), so that the server reads it within seconds rather than at the next
 * five-minute turn. It only tells: reading the mail stays the sync's (sync-mailbox.ts), on a connection of
 * its own. A dropped connection is opened again after a wait that doubles from a second up to five minutes.
 */

/** IDLE is ended and begun again this often: servers may drop an IDLE after 30 minutes of it (RFC 2177). */
export const IDLE_RESTART_MS = 25 * 60 * 1000;
/** The first wait before opening a dropped connection again; each failure after it doubles it. */
export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 5 * 60 * 1000;
/** A connection that watched this long before it dropped was a working one: its waits start over. */
const WORKED_FOR_MS = 60 * 1000;

export interface InboxWatch {
  /**
   * Resolves once the INBOX is watched (true): mail arriving from then on is told. False when the server
   * offers no IDLE or refuses it (the five-minute reading is then all there is), or the watch stopped first.
   */
  readonly watching: Promise<boolean>;
  /** Closes the connection at once and stops opening it again. */
  stop(): Promise<void>;
}

export interface InboxWatchHandlers {
  /** New mail is in the INBOX, or may have come while the connection was down (told once it is back). */
  newMail(): void;
  /** The connection failed or dropped, the first time of a run of failures: what happened. */
  lost(reason: string): void;
}

/** Watches a mailbox's INBOX with IDLE until stopped. */
export function watchInbox(mailbox: Mailbox, handlers: InboxWatchHandlers): InboxWatch {
  let stopped = false;
  let client: ImapFlow | null = null;
  let wakeUp: (() => void) | null = null;
  let settleWatching: (watching: boolean) => void = () => {};
  const watching = new Promise<boolean>((resolve) => {
    settleWatching = resolve;
  });

  /** When the latest connection began watching the INBOX; null while it has not. */
  let watchedSince: number | null = null;

  /** One connection, from its opening to its end: "unsupported" when the server has no IDLE, or refuses it. */
  const session = async (afterDrop: boolean): Promise<"unsupported" | "ended"> => {
    watchedSince = null;
    const connection = imapClientOf(mailbox, { maxIdleTime: IDLE_RESTART_MS });
    client = connection;
    // A dropped connection is also emitted as an event: the loop sees it as the connection's end.
    connection.on("error", () => {});
    connection.on("exists", (change: { count: number; prevCount: number }) => {
      if (change.count > change.prevCount) handlers.newMail();
    });
    try {
      await connection.connect();
      if (stopped) return "ended";
      if (!connection.capabilities.has("IDLE")) {
        await connection.logout();
        return "unsupported";
      }
      // Read-only: the watch never changes a message's flags. Mail appended from now on is told: the
      // server reports it at the next IDLE, if it came before it began.
      await connection.mailboxOpen("INBOX", { readOnly: true });
      watchedSince = Date.now();
      settleWatching(true);
      if (afterDrop) handlers.newMail();
      // Until the connection ends, or the server closes the INBOX (IDLE needs a mailbox open).
      while (!stopped && connection.usable && connection.mailbox) {
        // imapflow answers false when the server refused the IDLE it offered: asking again would only
        // be refused again, so such a server is left to the five-minute reading like one without IDLE.
        if ((await connection.idle()) === false && connection.usable) return "unsupported";
      }
      return "ended";
    } finally {
      connection.close();
      client = null;
    }
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const run = async () => {
    let wait = RECONNECT_FIRST_MS;
    let told = false;
    let watchedBefore = false;
    while (!stopped) {
      let failure = "the mail server closed the connection";
      try {
        if ((await session(watchedBefore)) === "unsupported") break;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      if (stopped) break;
      // A connection that watched a while starts a new run of failures, and its waits over; one dropped
      // as soon as it began does not, so that a server ending each connection at once is not asked again every second.
      if (watchedSince !== null) {
        watchedBefore = true;
        if (Date.now() - watchedSince >= WORKED_FOR_MS) {
          told = false;
          wait = RECONNECT_FIRST_MS;
        }
      }
      if (!told) handlers.lost(failure);
      told = true;
      await pause(wait);
      wait = Math.min(wait * 2, RECONNECT_MAX_MS);
    }
    settleWatching(false);
  };
  const running = run();

  return {
    watching,
    async stop() {
      stopped = true;
      wakeUp?.();
      client?.close();
      await running;
    },
  };
}
