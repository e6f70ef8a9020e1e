import type { Contact } from "../../core/contacts/contacts.ts";

export function toContactJson(contact: Contact) {
  return {
    id: contact.id,
    accountId: contact.accountId,
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    phone: contact.phone,
    title: contact.title,
    isPrimary: contact.isPrimary,
  };
}
