import type { Account, AccountFields } from "../../api/accounts";

/** The Add / Edit Account form as typed: every field a string. */
export interface AccountFormValues {
  name: string;
  email: string;
  domain: string;
  phone: string;
  /** The owner's user id as the select holds it; '' for none. */
  ownerUserId: string;
}

const OPTIONAL_FIELDS = ["email", "domain", "phone"] as const;

export function formValuesOf(account: Account | null): AccountFormValues {
  return {
    name: account?.name ?? "",
    email: account?.email ?? "",
    domain: account?.domain ?? "",
    phone: account?.phone ?? "",
    ownerUserId: account?.ownerUserId == null ? "" : String(account.ownerUserId),
  };
}

/** A new account: blank optional fields are left out, so the server can derive the domain from the e-mail. */
export function newAccountFields(values: AccountFormValues): AccountFields {
  const fields: AccountFields = { name: values.name.trim() };
  for (const field of OPTIONAL_FIELDS) {
    const value = values[field].trim();
    if (value) fields[field] = value;
  }
  return fields;
}

/** Only what the person changed; a cleared optional field is sent as null. */
export function changedAccountFields(account: Account, values: AccountFormValues): AccountFields {
  const changes: AccountFields = {};
  const name = values.name.trim();
  if (name !== account.name) changes.name = name;
  for (const field of OPTIONAL_FIELDS) {
    const value = values[field].trim() || null;
    if (value !== account[field]) changes[field] = value;
  }
  const ownerUserId = values.ownerUserId === "" ? null : Number(values.ownerUserId);
  if (ownerUserId !== account.ownerUserId) changes.ownerUserId = ownerUserId;
  return changes;
}
