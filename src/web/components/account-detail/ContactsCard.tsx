import { useState } from "react";
import { updateContact, type Contact } from "../../api/contacts";
import { formatCountOf } from "../../format/count";
import { initials } from "../../format/initials";
import { Button } from "../Button";
import { PlusIcon, StarIcon } from "../icons";
import { useToast } from "../toast/useToast";
import { AddContactModal } from "./AddContactModal";
import { contactFullName } from "./contact-display";
import { ContactField } from "./ContactField";
import { DetailCard } from "./DetailCard";

export interface ContactsCardProps {
  accountId: number;
  /** The primary contact first. */
  contacts: Contact[];
  /** Refetches the account, its timeline and the account lists. */
  onChanged: () => Promise<void>;
}

/** Everyone at the customer: each field editable in place, one of them the primary contact. */
export function ContactsCard({ accountId, contacts, onChanged }: ContactsCardProps) {
  const [isAdding, setIsAdding] = useState(false);

  return (
    <DetailCard
      title="Contacts"
      summary={formatCountOf(contacts.length, "contact")}
      testId="contacts-card"
      bodyClassName=""
      actions={
        <Button size="sm" icon={PlusIcon} onClick={() => setIsAdding(true)} data-testid="add-contact-button">
          Add Contact
        </Button>
      }
    >
      {contacts.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-slate-500" data-testid="contacts-empty">
          No contacts yet.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {contacts.map((contact) => (
            <ContactItem key={contact.id} contact={contact} onChanged={onChanged} />
          ))}
        </ul>
      )}
      {isAdding && (
        <AddContactModal
          accountId={accountId}
          onClose={() => setIsAdding(false)}
          onAdded={() => {
            setIsAdding(false);
            void onChanged();
          }}
        />
      )}
    </DetailCard>
  );
}

function ContactItem({ contact, onChanged }: { contact: Contact; onChanged: () => Promise<void> }) {
  const name = contactFullName(contact);
  const fieldProps = { contact, whose: name, testIdPrefix: "contact", onChanged };

  return (
    <li className="flex gap-3 px-5 py-4" data-testid="contact-item" data-contact-id={contact.id}>
      <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-600">
        {initials(name)}
      </span>
      <div className="min-w-0 flex-1 space-y-0.5">
        <div className="flex flex-wrap items-center gap-x-1">
          <ContactField {...fieldProps} field="firstName" textClassName="text-sm font-medium text-slate-900" />
          <ContactField {...fieldProps} field="lastName" textClassName="text-sm font-medium text-slate-900" />
          <span className="ml-auto pl-2">{contact.isPrimary ? <PrimaryBadge /> : <MakePrimaryButton contact={contact} onChanged={onChanged} />}</span>
        </div>
        <div>
          <ContactField {...fieldProps} field="email" textClassName="text-sm text-slate-600" />
        </div>
        <div>
          <ContactField {...fieldProps} field="phone" textClassName="text-sm text-slate-600" />
        </div>
      </div>
    </li>
  );
}

function PrimaryBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-700" data-testid="primary-badge">
      <StarIcon className="size-3" />
      Primary
    </span>
  );
}

function MakePrimaryButton({ contact, onChanged }: { contact: Contact; onChanged: () => Promise<void> }) {
  const { toast } = useToast();
  const [isSaving, setIsSaving] = useState(false);

  async function makePrimary() {
    setIsSaving(true);
    try {
      await updateContact(contact.id, { isPrimary: true });
      await onChanged();
    } catch {
      toast({ variant: "destructive", title: "Error", description: "Failed to update the primary contact." });
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void makePrimary()}
      disabled={isSaving}
      data-testid="make-primary-button"
      className="rounded px-1 text-xs font-medium whitespace-nowrap text-blue-600 hover:text-blue-700 hover:underline focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none disabled:cursor-wait disabled:text-slate-400 disabled:no-underline"
    >
      {isSaving ? (
        "Saving..."
      ) : (
        <>
          Make primary<span className="sr-only"> contact: {contactFullName(contact)}</span>
        </>
      )}
    </button>
  );
}
