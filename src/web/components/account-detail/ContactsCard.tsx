import { InitialsAvatar } from "../../ui/InitialsAvatar";
import { useState } from "react";
import { useRefreshAccounts } from "../../api/accounts";
import { deleteContact, updateContact, type Contact } from "../../api/contacts";
import { IN_THE_BIN, restoreFromRecycleBin, type Recycled } from "../../api/recycle-bin";
import { useWrite } from "../../ui/use-write";
import { useUndo } from "../../ui/use-undo";
import { formatCountOf } from "../../format/count";
import { Button } from "../../ui/Button";
import { PlusIcon, StarIcon, TrashIcon } from "../../ui/icons";
import { AddContactModal } from "./AddContactModal";
import { contactFullName } from "./contact-display";
import { ContactField } from "./ContactField";
import { DetailCard } from "../../ui/DetailCard";

export interface ContactsCardProps {
  accountId: number;
  /** The primary contact first. */
  contacts: Contact[];
}

/**
 * Everyone at the customer: each field editable in place, one of them the primary contact. Every change
 * refetches everything read under /api/accounts: the account, its timeline, and the lists.
 */
export function ContactsCard({ accountId, contacts }: ContactsCardProps) {
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
            <ContactItem key={contact.id} contact={contact} />
          ))}
        </ul>
      )}
      {isAdding && (
        <AddContactModal accountId={accountId} onClose={() => setIsAdding(false)} onAdded={() => setIsAdding(false)} />
      )}
    </DetailCard>
  );
}

function ContactItem({ contact }: { contact: Contact }) {
  const name = contactFullName(contact);
  const fieldProps = { contact, whose: name, testIdPrefix: "contact" };

  return (
    <li className="flex gap-3 px-4 py-4 sm:px-5" data-testid="contact-item" data-contact-id={contact.id}>
      <InitialsAvatar name={name} tone="grey" />
      <div className="min-w-0 flex-1 space-y-0.5">
        <div className="flex flex-wrap items-center gap-x-1">
          <ContactField {...fieldProps} field="firstName" textClassName="text-sm font-medium text-slate-900" />
          <ContactField {...fieldProps} field="lastName" textClassName="text-sm font-medium text-slate-900" />
          <span className="ml-auto flex items-center gap-1 pl-2">
            {contact.isPrimary ? <PrimaryBadge /> : <MakePrimaryButton contact={contact} />}
            <DeleteContactButton contact={contact} />
          </span>
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

/** Deletes at once, without asking: the contact goes to the recycle bin, and the toast offers Undo. */
function DeleteContactButton({ contact }: { contact: Contact }) {
  const refreshAccounts = useRefreshAccounts();
  const undoAction = useUndo(refreshAccounts);
  const { run, isPending } = useWrite<Recycled>({
    refresh: refreshAccounts,
    success: ({ recycleBinId }) => ({ title: `${contactFullName(contact)} deleted`, description: IN_THE_BIN, action: undoAction(() => restoreFromRecycleBin(recycleBinId)) }),
    failureMessage: "Failed to delete the contact.",
  });

  return (
    <button
      type="button"
      onClick={() => void run(() => deleteContact(contact.id))}
      disabled={isPending}
      aria-label={`Delete contact ${contactFullName(contact)}`}
      data-testid="delete-contact-button"
      className="rounded p-1 text-slate-400 hover:bg-red-50 hover:text-red-600 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none disabled:cursor-wait"
    >
      <TrashIcon className="size-4" />
    </button>
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

/** Stays 'Saving...' until the contacts are read again, in their new order. */
function MakePrimaryButton({ contact }: { contact: Contact }) {
  const { run, isPending } = useWrite({ refresh: useRefreshAccounts(), failureMessage: "Failed to update the primary contact." });

  return (
    <button
      type="button"
      onClick={() => void run(() => updateContact(contact.id, { isPrimary: true }))}
      disabled={isPending}
      data-testid="make-primary-button"
      className="rounded px-1 text-xs font-medium whitespace-nowrap text-blue-600 hover:text-blue-700 hover:underline focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none disabled:cursor-wait disabled:text-slate-400 disabled:no-underline"
    >
      {isPending ? (
        "Saving..."
      ) : (
        <>
          Make primary<span className="sr-only"> contact: {contactFullName(contact)}</span>
        </>
      )}
    </button>
  );
}
