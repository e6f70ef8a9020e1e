import { useLocation } from "wouter";
import { createAccount, updateAccount, useRefreshAccounts, type Account } from "../../api/accounts";
import { useActiveTeam } from "../../api/team";
import { FormModal } from "../../ui/FormModal";
import { Select } from "../../ui/Select";
import { TextField } from "../../ui/TextField";
import { editLabels, useFormModal } from "../../ui/useFormModal";
import { changedAccountFields, formValuesOf, newAccountFields, type AccountFormValues } from "./account-form";
import { SHORT_TEXT_MAX_LENGTH } from "../../../contracts/common.ts";

export interface AccountFormModalProps {
  /** The account to edit; null adds a new one. */
  account: Account | null;
  onClose: () => void;
  /** Once saved; every read of accounts is then fetched again. */
  onSaved: (account: Account) => void;
}

/**
 * 'Add Account' and 'Edit Account': the same four fields, created with POST or changed with PATCH. A new
 * account opens once created: in the accounts table it would sit on whichever page its name sorts to.
 */
export function AccountFormModal({ account, onClose, onSaved }: AccountFormModalProps) {
  const [, navigate] = useLocation();
  const { fieldProps, modalProps } = useFormModal<AccountFormValues, Account>({
    initial: () => formValuesOf(account),
    onClose,
    canSubmit: (values) => values.name.trim() !== "" && (!account || Object.keys(changedAccountFields(account, values)).length > 0),
    send: (values) => (account ? updateAccount(account.id, changedAccountFields(account, values)) : createAccount(newAccountFields(values))),
    refresh: useRefreshAccounts(),
    success: (saved) =>
      account ? { title: "Account updated", description: `${saved.name} has been updated.` } : { title: "Account created", description: `${saved.name} has been added.` },
    failureMessage: account ? "Failed to update account." : "Failed to create account.",
    onSuccess: (saved) => {
      onSaved(saved);
      if (!account) navigate(`/accounts/${saved.id}`);
    },
  });
  const labels = account ? editLabels("Edit Account") : { title: "Add Account", submitLabel: "Add Account", pendingLabel: "Adding..." };

  return (
    <FormModal {...modalProps} {...labels} testId="account-form-modal">
      <TextField label="Name" {...fieldProps("name")} required maxLength={SHORT_TEXT_MAX_LENGTH} autoComplete="organization" autoFocus />
      <TextField label="Email" type="email" {...fieldProps("email")} autoComplete="email" />
      <TextField label="Domain" {...fieldProps("domain")} placeholder="example.com" autoComplete="url" />
      <TextField label="Phone" type="tel" {...fieldProps("phone")} maxLength={SHORT_TEXT_MAX_LENGTH} autoComplete="tel" />
      {account ? <OwnerSelect {...fieldProps("ownerUserId")} /> : null}
    </FormModal>
  );
}

/** The account's owner: any active team member, or nobody. */
function OwnerSelect({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | undefined }) {
  const { activeMembers } = useActiveTeam();
  const options = [{ value: "", label: "No owner" }, ...(activeMembers ?? []).map((member) => ({ value: String(member.id), label: member.name }))];
  return <Select label="Owner" value={value} options={options} onChange={onChange} error={error} data-testid="account-owner-select" />;
}
