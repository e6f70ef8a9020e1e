import type { Contact } from "../../api/contacts";

/** The contact flagged primary, else the first. */
export function primaryContactOf(contacts: readonly Contact[]): Contact | null {
  return contacts.find((contact) => contact.isPrimary) ?? contacts[0] ?? null;
}

export function contactFullName(contact: Pick<Contact, "firstName" | "lastName">): string {
  return `${contact.firstName} ${contact.lastName}`.trim();
}
