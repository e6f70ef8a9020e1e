import { useRefreshAccounts } from "../../api/accounts";
import { addContact } from "../../api/contacts";
import { FormModal } from "../../ui/FormModal";
import { TextField } from "../../ui/TextField";
import { useFormModal } from "../../ui/useFormModal";
import { SHORT_TEXT_MAX_LENGTH } from "../../../contracts/common.ts";

export interface AddContactModalProps {
  accountId: number;
  onClose: () => void;
  /** Once added; every read of accounts is then fetched again. */
  onAdded: () => void;
}

/** 'Add Contact': first name, last name and e-mail, all required. The server names a field it refuses. */
export function AddContactModal({ accountId, onClose, onAdded }: AddContactModalProps) {
  const { fieldProps, modalProps } = useFormModal({
    initial: { firstName: "", lastName: "", email: "" },
    onClose,
    send: (values) => addContact({ accountId, firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() }),
    refresh: useRefreshAccounts(),
    failureMessage: "Failed to add contact.",
    onSuccess: onAdded,
  });

  return (
    <FormModal {...modalProps} title="Add Contact" submitLabel="Add Contact" pendingLabel="Adding..." testId="add-contact-modal">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" {...fieldProps("firstName")} required maxLength={SHORT_TEXT_MAX_LENGTH} autoComplete="off" autoFocus />
        <TextField label="Last Name" {...fieldProps("lastName")} required maxLength={SHORT_TEXT_MAX_LENGTH} autoComplete="off" />
      </div>
      <TextField label="Email" type="email" {...fieldProps("email")} required maxLength={SHORT_TEXT_MAX_LENGTH} autoComplete="off" />
    </FormModal>
  );
}
