import { CONTACTS_PATH, type Contact, type ContactChanges } from "../../contracts/contacts.ts";
import type { Recycled } from "../../contracts/recycle-bin.ts";
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
  return apiRequest<Contact>("POST", CONTACTS_PATH, contact);
}

export function updateContact(contactId: number, changes: ContactChanges): Promise<Contact> {
  return apiRequest<Contact>("PATCH", `${CONTACTS_PATH}/${contactId}`, changes);
}

/** Moves the contact to the recycle bin; the answer names its entry there, which Undo restores. */
export function deleteContact(contactId: number): Promise<Recycled> {
  return apiRequest<Recycled>("DELETE", `${CONTACTS_PATH}/${contactId}`);
}
