import { useState } from "react";
import { createAccount, updateAccount, type Account } from "../../api/accounts";
import { ApiError } from "../../api/client";
import { useActiveTeam } from "../../api/team";
import { FormModal } from "../FormModal";
import { Select } from "../Select";
import { TextField } from "../TextField";
import { useToast } from "../toast/useToast";
import { changedAccountFields, formValuesOf, newAccountFields, type AccountFormValues } from "./account-form";

export interface AccountFormModalProps {
  /** The account to edit; null adds a new one. */
  account: Account | null;
  onClose: () => void;
  onSaved: (account: Account) => void;
}

/** 'Add Account' and 'Edit Account': the same four fields, created with POST or changed with PATCH. */
export function AccountFormModal({ account, onClose, onSaved }: AccountFormModalProps) {
  const { toast } = useToast();
  const [values, setValues] = useState<AccountFormValues>(() => formValuesOf(account));
  const [isSaving, setIsSaving] = useState(false);
  const isEditing = account !== null;
  const hasChanges = !isEditing || Object.keys(changedAccountFields(account, values)).length > 0;
  const canSave = values.name.trim() !== "" && hasChanges && !isSaving;

  function setField(field: keyof AccountFormValues) {
    return (value: string) => setValues((current) => ({ ...current, [field]: value }));
  }

  async function save() {
    setIsSaving(true);
    try {
      const saved = isEditing ? await updateAccount(account.id, changedAccountFields(account, values)) : await createAccount(newAccountFields(values));
      toast(
        isEditing
          ? { title: "Account updated", description: `${saved.name} has been updated.` }
          : { title: "Account created", description: `${saved.name} has been added.` },
      );
      onSaved(saved);
    } catch (error) {
      setIsSaving(false);
      toast({ variant: "destructive", title: "Error", description: saveFailureMessage(error, isEditing) });
    }
  }

  return (
    <FormModal
      title={isEditing ? "Edit Account" : "Add Account"}
      testId="account-form-modal"
      onClose={onClose}
      onSubmit={save}
      submitLabel={isEditing ? "Save Changes" : "Add Account"}
      pendingLabel={isEditing ? "Saving..." : "Adding..."}
      isPending={isSaving}
      canSubmit={canSave}
      formClassName="space-y-4"
    >
      <TextField label="Name" value={values.name} onChange={setField("name")} required maxLength={200} autoComplete="organization" autoFocus />
      <TextField label="Email" type="email" value={values.email} onChange={setField("email")} autoComplete="email" />
      <TextField label="Domain" value={values.domain} onChange={setField("domain")} placeholder="example.com" autoComplete="url" />
      <TextField label="Phone" type="tel" value={values.phone} onChange={setField("phone")} maxLength={200} autoComplete="tel" />
      {isEditing ? <OwnerSelect value={values.ownerUserId} onChange={setField("ownerUserId")} /> : null}
    </FormModal>
  );
}

/** The account's owner: any active team member, or nobody. */
function OwnerSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { activeMembers } = useActiveTeam();
  const options = [{ value: "", label: "No owner" }, ...(activeMembers ?? []).map((member) => ({ value: String(member.id), label: member.name }))];
  return <Select label="Owner" value={value} options={options} onChange={onChange} data-testid="account-owner-select" />;
}

/** The server names the field at fault (400) or the account that has the e-mail (409): worth showing word for word. */
function saveFailureMessage(error: unknown, isEditing: boolean): string {
  if (error instanceof ApiError && error.status < 500) return error.serverMessage;
  return isEditing ? "Failed to update account." : "Failed to create account.";
}
