import { useState } from "react";
import { ApiError } from "../../api/client";
import { addContact } from "../../api/contacts";
import { FormModal } from "../FormModal";
import { TextField } from "../TextField";
import { useToast } from "../toast/useToast";

export interface AddContactModalProps {
  accountId: number;
  onClose: () => void;
  onAdded: () => void;
}

/** 'Add Contact': first name, last name and e-mail, all required. The server names a field it refuses. */
export function AddContactModal({ accountId, onClose, onAdded }: AddContactModalProps) {
  const { toast } = useToast();
  const [values, setValues] = useState({ firstName: "", lastName: "", email: "" });
  const [isAdding, setIsAdding] = useState(false);

  function setField(field: keyof typeof values) {
    return (value: string) => setValues((current) => ({ ...current, [field]: value }));
  }

  async function add() {
    setIsAdding(true);
    try {
      await addContact({ accountId, firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim() });
    } catch (error) {
      setIsAdding(false);
      const description = error instanceof ApiError && error.status < 500 ? error.serverMessage : "Failed to add contact.";
      toast({ variant: "destructive", title: "Error", description });
      return;
    }
    onAdded();
  }

  return (
    <FormModal
      title="Add Contact"
      testId="add-contact-modal"
      onClose={onClose}
      onSubmit={add}
      submitLabel="Add Contact"
      pendingLabel="Adding..."
      isPending={isAdding}
      canSubmit={!isAdding}
      formClassName="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First Name" value={values.firstName} onChange={setField("firstName")} required maxLength={200} autoComplete="off" autoFocus />
        <TextField label="Last Name" value={values.lastName} onChange={setField("lastName")} required maxLength={200} autoComplete="off" />
      </div>
      <TextField label="Email" type="email" value={values.email} onChange={setField("email")} required maxLength={200} autoComplete="off" />
    </FormModal>
  );
}
