import { useRefreshAccounts } from "../../api/accounts";
import { updateContact, type Contact, type ContactChanges, type EditableContactField } from "../../api/contacts";
import { useWrite } from "../../ui/use-write";
import { InlineEditableText, type InlineEditableTextProps } from "../../ui/InlineEditableText";

const FIELDS: Record<EditableContactField, { label: string; placeholder: string; type: InlineEditableTextProps["type"]; testId: string }> = {
  firstName: { label: "first name", placeholder: "Add first name", type: "text", testId: "first-name" },
  lastName: { label: "last name", placeholder: "Add last name", type: "text", testId: "last-name" },
  email: { label: "email", placeholder: "Add email", type: "email", testId: "email" },
  phone: { label: "phone", placeholder: "Add phone number", type: "tel", testId: "phone" },
  title: { label: "job title", placeholder: "Add job title", type: "text", testId: "title" },
};

export interface ContactFieldProps {
  contact: Contact;
  field: EditableContactField;
  /** Whose field it is, for screen readers: 'Edit first name of {whose}'. */
  whose: string;
  /** Prefixes the field's test id: '{testIdPrefix}-first-name'. */
  testIdPrefix: string;
  textClassName?: string;
}

/**
 * One field of a contact, edited in place and saved on its own with PATCH /api/contacts/{id}; the account
 * shows its contacts, so every read of accounts is fetched again.
 */
export function ContactField({ contact, field, whose, testIdPrefix, textClassName = "text-sm text-slate-900" }: ContactFieldProps) {
  const { label, placeholder, type, testId } = FIELDS[field];
  const { run } = useWrite<string | null>({ refresh: useRefreshAccounts(), failureMessage: "Failed to update the contact." });

  function save(text: string) {
    const changes: ContactChanges = {};
    changes[field] = text;
    return run(async () => (await updateContact(contact.id, changes))[field]);
  }

  return (
    <InlineEditableText
      value={contact[field]}
      label={`${label} of ${whose}`}
      placeholder={placeholder}
      type={type}
      onSave={save}
      // An e-mail has no spaces to wrap at; in a narrow column it breaks anywhere rather than overflow.
      textClassName={field === "email" ? `${textClassName} break-all` : textClassName}
      testId={`${testIdPrefix}-${testId}`}
      linkAs={field === "phone" ? "phone" : field === "email" ? "email" : undefined}
    />
  );
}
