import type { Contact, ContactChanges } from "../../contracts/contacts.ts";
import { apiRequest } from "./client";

export type { Contact, ContactChanges };

export interface NewContact {
  accountId: number;
  firstName: string;
  lastName: string;
  email: string;
}

/** The fields an inline edit changes one at a time. */
export type EditableContactField = "firstName" | "lastName" | "email" | "phone" | "title";

export function addContact(contact: NewContact): Promise<Contact> {
  return apiRequest<Contact>("POST", "/api/contacts", contact);
}

export function updateContact(contactId: number, changes: ContactChanges): Promise<Contact> {
  return apiRequest<Contact>("PATCH", `/api/contacts/${contactId}`, changes);
}
