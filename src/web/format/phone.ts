// Phones are shown and dialled by the contracts' rule, the one core stores and exports them by.
export { canonicalPhone, displayPhone, phoneHref } from "../../contracts/phones.ts";

/** The mailto: address that writes to an e-mail. */
export function emailHref(email: string): string {
  return `mailto:${email}`;
}
