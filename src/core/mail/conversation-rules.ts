/**
 * The rules that decide which conversation a message belongs to and whether it is mail to keep, apart from
 * the database so that each is read, and tested, on its own.
 */

/** How far apart two messages with the same subject and people may be and still be one conversation. */
export const SAME_SUBJECT_WINDOW_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A subject as conversations share it: without the reply and forward prefixes mail programs add in many
 * languages ("Re:", "RE[2]:", "Fwd:", "FW:", "AW:", "WG:", "SV:", "Antw:"), a mailing list's "[tag]", or
 * the spacing and case they leave.
 */
export function normalizeSubject(subject: string): string {
  let rest = subject.trim();
  for (;;) {
    const stripped = rest.replace(/^(?:(?:re|fwd?|aw|wg|sv|vs|antw|tr|rif|r)(?:\s*\[\d+\]|\s*\(\d+\))?\s*:|\[[^\]]{1,40}\])\s*/i, "");
    if (stripped === rest) break;
    rest = stripped;
  }
  return rest.replace(/\s+/g, " ").toLowerCase();
}

export interface ConversationCandidate {
  normalizedSubject: string;
  sentAt: Date;
  /** Its people outside the team, lower-cased addresses. */
  outsideParticipants: readonly string[];
}

/**
 * The second rule of threading, for a message its headers tie to no conversation: the same subject (once
 * normalised, and not empty), at least one person outside the team in common, and no more than 60 days
 * apart. The team's own addresses are left out of the comparison, as they are on every message.
 */
export function sameConversationBySubject(message: ConversationCandidate, earlier: ConversationCandidate): boolean {
  if (message.normalizedSubject === "" || message.normalizedSubject !== earlier.normalizedSubject) return false;
  if (Math.abs(message.sentAt.getTime() - earlier.sentAt.getTime()) > SAME_SUBJECT_WINDOW_DAYS * DAY_MS) return false;
  const people = new Set(earlier.outsideParticipants);
  return message.outsideParticipants.some((address) => people.has(address));
}

/** The window of sending times the subject rule looks in around a message. */
export function sameSubjectWindow(sentAt: Date): { from: Date; to: Date } {
  return { from: new Date(sentAt.getTime() - SAME_SUBJECT_WINDOW_DAYS * DAY_MS), to: new Date(sentAt.getTime() + SAME_SUBJECT_WINDOW_DAYS * DAY_MS) };
}

/**
 * Mail sent to many by a machine (a newsletter, a notification, a bounce), which is nobody's correspondence:
 * it offers to unsubscribe (List-Unsubscribe), says it is bulk or a list's (Precedence), or comes from a
 * no-reply, mailer-daemon or postmaster address.
 */
export function isBulkMail(headers: { listUnsubscribe: boolean; precedence: string | null }, fromAddress: string): boolean {
  if (headers.listUnsubscribe) return true;
  if (headers.precedence !== null && /^(bulk|list|junk)$/i.test(headers.precedence.trim())) return true;
  const localPart = fromAddress.slice(0, fromAddress.lastIndexOf("@")).toLowerCase();
  return /^(?:no[-_.]?reply|do[-_.]?not[-_.]?reply|mailer[-_.]?daemon|postmaster)(?:$|[-_.+])/.test(localPart);
}

/** The team, as mail knows it: its own addresses, and the business domains its addresses are at. */
export interface TeamAddresses {
  addresses: ReadonlySet<string>;
  domains: ReadonlySet<string>;
}

/** Whether an address is the team's own: one of its addresses, or at one of its business domains. */
export function isTeamAddress(address: string, team: TeamAddresses): boolean {
  return team.addresses.has(address) || team.domains.has(address.slice(address.lastIndexOf("@") + 1));
}

/** Mail among the team alone, with no one outside it: not a customer's correspondence. */
export function isInternalMail(participants: readonly string[], team: TeamAddresses): boolean {
  return participants.length > 0 && participants.every((address) => isTeamAddress(address, team));
}
