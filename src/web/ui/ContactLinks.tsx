import { displayPhone, emailHref, phoneHref } from "../format/phone";

/** How every tel: and mailto: link looks: the dashboard's blue text links. */
export const CONTACT_LINK_CLASS =
  "rounded text-blue-600 hover:text-blue-700 hover:underline focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none";

/** A stored phone as people read it, '(414) 479-4233', dialled on a tap; plain text when it cannot be dialled. */
export function PhoneLink({ phone, className = "", testId }: { phone: string; className?: string; testId?: string }) {
  const href = phoneHref(phone);
  if (!href) return <span className={className} data-testid={testId}>{displayPhone(phone)}</span>;
  return (
    <a href={href} className={`${CONTACT_LINK_CLASS} ${className}`} data-testid={testId}>
      {displayPhone(phone)}
    </a>
  );
}

/** An e-mail that opens a new message on a tap. */
export function EmailLink({ email, className = "", testId }: { email: string; className?: string; testId?: string }) {
  return (
    <a href={emailHref(email)} className={`${CONTACT_LINK_CLASS} wrap-anywhere ${className}`} data-testid={testId}>
      {email}
    </a>
  );
}
