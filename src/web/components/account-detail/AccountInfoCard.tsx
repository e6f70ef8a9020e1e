import { InitialsAvatar } from "../../ui/InitialsAvatar";
import { useState } from "react";
import type { AccountDetail } from "../../api/account-detail";
import { setAccountListTypeFromDetail, updateAccount, useRefreshAccounts } from "../../api/accounts";
import type { Contact, EditableContactField } from "../../api/contacts";
import { useWrite } from "../../ui/use-write";
import { formatUsDate } from "../../format/dates";
import { AccountFormModal } from "../../parts/accounts/AccountFormModal";
import { ListTypeSelect } from "../../parts/accounts/ListTypeSelect";
import { OwnerSelect } from "../../parts/accounts/OwnerSelect";
import { Button } from "../../ui/Button";
import { MergeIcon, PencilIcon } from "../../ui/icons";
import { InlineEditableText } from "../../ui/InlineEditableText";
import { EmailLink } from "../../ui/ContactLinks";
import { primaryContactOf } from "./contact-display";
import { ContactField } from "./ContactField";
import { DetailCard, Field, FieldGroupHeading } from "../../ui/DetailCard";
import { shipToLines } from "./order-display";
import { ReorderRhythmLine } from "./ReorderRhythmLine";

export interface AccountInfoCardProps {
  account: AccountDetail;
  /** Opens the merge dialog, which the screen shares with the duplicate banner. */
  onMerge: () => void;
}

/**
 * Who the customer is: name, phone, list, primary contact and where orders ship to, most of it editable in
 * place. Every change refetches everything read under /api/accounts: the account, its timeline, and the lists.
 */
export function AccountInfoCard({ account, onMerge }: AccountInfoCardProps) {
  const [isEditing, setIsEditing] = useState(false);
  const { run } = useWrite<string | null>({ refresh: useRefreshAccounts(), failureMessage: "Failed to update account." });
  const primaryContact = primaryContactOf(account.contacts);
  // Orders come newest first: the latest order says where the customer ships to now.
  const shipTo = account.orders[0]?.raw.shipTo;
  const shipToAddress = shipTo ? shipToLines(shipTo) : [];

  function saveName(name: string) {
    return run(async () => (await updateAccount(account.id, { name })).name);
  }

  function savePhone(phone: string) {
    return run(async () => (await updateAccount(account.id, { phone })).phone);
  }

  return (
    <DetailCard
      title="Account Information"
      testId="account-info-card"
      actions={
        <>
          <Button size="sm" icon={MergeIcon} onClick={onMerge} data-testid="merge-account-button">
            Merge Account
          </Button>
          <Button size="sm" icon={PencilIcon} onClick={() => setIsEditing(true)} data-testid="edit-account-button">
            Edit Account
          </Button>
        </>
      }
    >
      <div className="flex items-start gap-4">
        <InitialsAvatar name={account.name} size="lg" />
        <div className="min-w-0 flex-1 pt-0.5">
          <InlineEditableText
            value={account.name}
            label="account name"
            placeholder="Add account name"
            onSave={saveName}
            textClassName="text-xl font-semibold text-slate-900"
            testId="account-name-field"
          />
          {account.domain && (
            <p className="text-sm wrap-anywhere text-slate-500" data-testid="account-domain">
              {account.domain}
            </p>
          )}
          {account.reorder && <ReorderRhythmLine rhythm={account.reorder} />}
        </div>
      </div>
      {/*
        As wide as the list's name, under the account's own (on a phone the card's whole width): a field column
        would cut a custom list's name short. The owner beside it, changed in place as the list is.
      */}
      <div className="mt-4 flex flex-wrap items-end gap-3 sm:ml-16">
        <div className="w-fit max-w-full min-w-40 sm:max-w-[calc(100%-4rem)]">
          <ListTypeSelect account={account} changeListType={setAccountListTypeFromDetail} label="List Type" />
        </div>
        <div className="w-48 max-w-full">
          <OwnerSelect account={account} />
        </div>
      </div>

      {/* Stacked on a phone; min-w-0 lets a long e-mail or street wrap inside its column rather than widen it. */}
      <div className="mt-6 grid gap-x-8 gap-y-6 border-t border-slate-100 pt-5 md:grid-cols-3">
        <div className="min-w-0">
          <FieldGroupHeading>Details</FieldGroupHeading>
          <dl className="space-y-3">
            <Field label="Phone">
              <InlineEditableText value={account.phone} label="account phone" placeholder="Add phone number" type="tel" onSave={savePhone} testId="account-phone-field" linkAs="phone" />
            </Field>
            {account.email && (
              <Field label="Email">
                <EmailLink email={account.email} className="text-sm" testId="account-email-link" />
              </Field>
            )}
            <Field label="Customer Since" testId="customer-since">
              {formatUsDate(account.createdAt)}
            </Field>
            <Field label="Last E-mailed" testId="last-emailed">
              {account.lastEmailedAt ? formatUsDate(account.lastEmailedAt) : <span className="text-slate-400">No e-mail yet</span>}
            </Field>
          </dl>
        </div>

        <div className="min-w-0" data-testid="primary-contact">
          <FieldGroupHeading>Primary Contact</FieldGroupHeading>
          {primaryContact ? (
            <dl className="space-y-3">
              <div className="grid grid-cols-2 gap-3">
                <PrimaryContactField contact={primaryContact} field="firstName" label="First Name" />
                <PrimaryContactField contact={primaryContact} field="lastName" label="Last Name" />
              </div>
              <PrimaryContactField contact={primaryContact} field="email" label="Email" />
              <PrimaryContactField contact={primaryContact} field="phone" label="Phone" />
              <PrimaryContactField contact={primaryContact} field="title" label="Job Title" />
            </dl>
          ) : (
            <p className="text-sm text-slate-400">No contact yet.</p>
          )}
        </div>

        <div className="min-w-0">
          <FieldGroupHeading>Ship To Address</FieldGroupHeading>
          {shipToAddress.length > 0 ? (
            <address className="text-sm leading-6 text-slate-900 not-italic" data-testid="ship-to-address">
              {shipToAddress.map((line, index) => (
                <span key={index} className="block wrap-anywhere">
                  {line}
                </span>
              ))}
            </address>
          ) : (
            <p className="text-sm text-slate-400" data-testid="ship-to-address">
              No shipping address yet.
            </p>
          )}
        </div>
      </div>

      {isEditing && (
        <AccountFormModal
          account={account}
          onClose={() => setIsEditing(false)}
          onSaved={() => setIsEditing(false)}
        />
      )}
    </DetailCard>
  );
}

/** One field of the primary contact, edited in place. */
function PrimaryContactField({ contact, field, label }: { contact: Contact; field: EditableContactField; label: string }) {
  return (
    <Field label={label}>
      <ContactField contact={contact} field={field} whose="the primary contact" testIdPrefix="primary-contact" />
    </Field>
  );
}
