import { throttled } from "../errors.ts";

/**
 * How many e-mails one person may send from the CRM in a window: enough for a busy afternoon of quotes,
 * few enough that a stuck script or a stolen session cannot turn the CRM's address into a spammer's (and
 * get it blocked by the mail provider).
 */
export const EMAILS_PER_PERSON = 30;
export const EMAIL_SENDING_WINDOW_MS = 10 * 60 * 1000;

/** Counts each person's sendings in memory: a restart forgets them, which costs at most one window more. */
export interface SendingAllowance {
  /** Counts a sending by `userId`, or refuses it (429) when they have sent their share within the window. */
  take(userId: number, now?: number): void;
}

export function createSendingAllowance(limit = EMAILS_PER_PERSON, windowMs = EMAIL_SENDING_WINDOW_MS): SendingAllowance {
  const sendings = new Map<number, number[]>();
  return {
    take(userId, now = Date.now()) {
      const recent = (sendings.get(userId) ?? []).filter((at) => at > now - windowMs);
      if (recent.length >= limit) throw throttled("Too many e-mails sent from the CRM", (recent[0]! + windowMs - now) / 1000);
      recent.push(now);
      sendings.set(userId, recent);
    },
  };
}
