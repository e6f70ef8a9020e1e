import { setPasswordLink } from "../../contracts/auth.ts";
import type { OutgoingMessage } from "../outgoing-mail/send-mail.ts";
import { INVITATION_LINK_LIFETIME_MS, PASSWORD_RESET_LINK_LIFETIME_MS } from "./password-links.ts";

/** Who the e-mail is for, and the CRM's name and address as its links and words name them. */
export interface PasswordLinkMail {
  to: { name: string; email: string };
  productName: string;
  /** The CRM's address, without a trailing slash: the sign-in page, and the base of the link. */
  baseUrl: string;
  token: string;
}

const hours = (ms: number) => ms / (60 * 60 * 1000);
const days = (ms: number) => ms / (24 * 60 * 60 * 1000);

/** The invitation: where to sign in, with which e-mail, and the link to choose a first password. No password travels by e-mail. */
export function invitationMessage(mail: PasswordLinkMail, invitedBy: string): OutgoingMessage {
  const link = setPasswordLink(mail.baseUrl, mail.token);
  const text = [
    `Hello ${mail.to.name},`,
    "",
    `${invitedBy} invited you to ${mail.productName}.`,
    "",
    "Choose your password here (the link works once, within " + `${days(INVITATION_LINK_LIFETIME_MS)} days):`,
    link,
    "",
    `Then sign in at ${mail.baseUrl}/ with this e-mail address, ${mail.to.email}.`,
    "",
    "If the link has expired, ask an administrator to invite you again.",
  ].join("\n");
  return { to: mail.to.email, subject: `You are invited to ${mail.productName}`, text, html: htmlOf(text, link) };
}

/** The "Forgot password?" e-mail: the link, how long it works, and what to do if it was not you. */
export function passwordResetMessage(mail: PasswordLinkMail): OutgoingMessage {
  const link = setPasswordLink(mail.baseUrl, mail.token);
  const text = [
    `Hello ${mail.to.name},`,
    "",
    `Somebody asked to reset the password of your ${mail.productName} account (${mail.to.email}).`,
    `Choose a new password here (the link works once, within ${hours(PASSWORD_RESET_LINK_LIFETIME_MS) === 1 ? "an hour" : `${hours(PASSWORD_RESET_LINK_LIFETIME_MS)} hours`}):`,
    link,
    "",
    "Choosing it signs you out everywhere. If you did not ask, ignore this e-mail: your password stays as it is.",
  ].join("\n");
  return { to: mail.to.email, subject: `Reset your ${mail.productName} password`, text, html: htmlOf(text, link) };
}

/** An administrator's reset: who did it, the link and how long it works, and "Forgot password?" once it has expired. */
export function teamPasswordResetMessage(mail: PasswordLinkMail, resetBy: string): OutgoingMessage {
  const link = setPasswordLink(mail.baseUrl, mail.token);
  const text = [
    `Hello ${mail.to.name},`,
    "",
    `${resetBy} reset the password of your ${mail.productName} account (${mail.to.email}): your old password no longer works.`,
    `Choose a new password here (the link works once, within ${hours(PASSWORD_RESET_LINK_LIFETIME_MS) === 1 ? "an hour" : `${hours(PASSWORD_RESET_LINK_LIFETIME_MS)} hours`}):`,
    link,
    "",
    `If the link has expired, use "Forgot password?" at ${mail.baseUrl}/ to get another.`,
  ].join("\n");
  return { to: mail.to.email, subject: `Choose a new ${mail.productName} password`, text, html: htmlOf(text, link) };
}

/** The text as HTML, its link clickable: every character escaped, so a name cannot add markup. */
function htmlOf(text: string, link: string): string {
  const paragraphs = text.split("\n\n").map((paragraph) =>
    paragraph
      .split("\n")
      .map((line) => (line === link ? `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : escapeHtml(line)))
      .join("<br>"),
  );
  return `<!doctype html><html><body style="font-family: sans-serif; font-size: 14px; color: #0f172a">${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join("")}</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
