import { t } from "./type-builder.ts";
import { customerEmail, recordIdField, RequiredShortText, ShortText } from "./common.ts";

/**
 * Contacts: added, edited and deleted by their own routes; an account's contacts come with its detail.
 *   POST   /api/contacts        add one (NewContactBody → Contact, 201)
 *   PATCH  /api/contacts/{id}   edit one (ContactChanges → Contact)
 *   DELETE /api/contacts/{id}   delete one, to the recycle bin (→ Recycled in recycle-bin.ts)
 */
export const CONTACTS_PATH = "/api/contacts";

/** A person at a customer's business. */
export const Contact = t.Object({
  id: t.Integer(),
  accountId: t.Integer(),
  firstName: t.String(),
  lastName: t.String(),
  email: t.Union([t.String(), t.Null()]),
  phone: t.Union([t.String(), t.Null()]),
  title: t.Union([t.String(), t.Null()]),
  isPrimary: t.Boolean({ description: "The contact the account's lists show; making one primary clears the others" }),
});
export type Contact = typeof Contact.static;

const contactFields = {
  firstName: t.Optional(RequiredShortText),
  lastName: t.Optional(RequiredShortText),
  email: t.Optional(customerEmail("email")),
  phone: t.Optional(t.Union([ShortText, t.Null()])),
  title: t.Optional(t.Union([ShortText, t.Null()])),
  isPrimary: t.Optional(t.Boolean()),
};

/** POST /api/contacts: first name, last name and e-mail are required; the account's first contact becomes its primary. */
export const NewContactBody = t.Object({ accountId: recordIdField("accountId"), ...contactFields, firstName: RequiredShortText, lastName: RequiredShortText, email: customerEmail("email") });

/** PATCH /api/contacts/{id}: only the fields given change; null clears an optional one. */
export const ContactChanges = t.Object(contactFields);
export type ContactChanges = typeof ContactChanges.static;
