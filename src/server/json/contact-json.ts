import type { Contact as StoredContact } from "../../core/contacts/contacts.ts";
import type { Contact } from "../../contracts/contacts.ts";

export function toContactJson(contact: StoredContact): Contact {
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
