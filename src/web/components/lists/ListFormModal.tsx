import { useState } from "react";
import { ApiError } from "../../api/client";
import { createList, updateList, type ListDefinition, type ListFields } from "../../api/lists";
import { FormModal } from "../FormModal";
import { TextAreaField } from "../TextAreaField";
import { TextField } from "../TextField";
import { useToast } from "../toast/useToast";
import { canSaveList, LIST_DESCRIPTION_MAX_LENGTH, LIST_NAME_MAX_LENGTH, listFieldsOf, listFormValuesOf } from "./list-form";

export interface ListFormModalProps {
  /** The custom list to rename; null creates a new one. */
  list: ListDefinition | null;
  onClose: () => void;
  onSaved: (list: ListDefinition) => void;
}

/** 'Create New List' and 'Edit List': a required name and an optional description, saved on the server. */
export function ListFormModal({ list, onClose, onSaved }: ListFormModalProps) {
  const { toast } = useToast();
  const [values, setValues] = useState<ListFields>(() => listFormValuesOf(list));
  const [isSaving, setIsSaving] = useState(false);
  const isEditing = list !== null;
  const canSave = canSaveList(list, values) && !isSaving;

  async function save() {
    setIsSaving(true);
    let saved: ListDefinition;
    try {
      saved = isEditing ? await updateList(list.key, listFieldsOf(values)) : await createList(listFieldsOf(values));
    } catch (error) {
      setIsSaving(false);
      toast({ variant: "destructive", title: isEditing ? "Failed to update list." : "Failed to create new list.", description: refusalReason(error) });
      return;
    }
    toast(
      isEditing
        ? { title: "List saved", description: `Changes to ${saved.name} have been saved.` }
        : { title: "List created", description: "New list has been created successfully." },
    );
    onSaved(saved);
  }

  return (
    <FormModal
      title={isEditing ? "Edit List" : "Create New List"}
      description={isEditing ? "Accounts stay in the list when it is renamed." : "Group accounts your own way, next to New, Active and Legacy."}
      testId="list-form-modal"
      onClose={onClose}
      onSubmit={save}
      submitLabel={isEditing ? "Save Changes" : "Create List"}
      pendingLabel={isEditing ? "Saving..." : "Creating..."}
      isPending={isSaving}
      canSubmit={canSave}
      submitTestId="list-form-submit"
      formClassName="space-y-4"
    >
      <TextField
        label="Name"
        value={values.name}
        onChange={(name) => setValues((current) => ({ ...current, name }))}
        required
        maxLength={LIST_NAME_MAX_LENGTH}
        placeholder="e.g. Wholesale Distributors"
        autoComplete="off"
        autoFocus
        data-testid="list-name-input"
      />
      <TextAreaField
        label="Description"
        value={values.description}
        onChange={(description) => setValues((current) => ({ ...current, description }))}
        rows={3}
        maxLength={LIST_DESCRIPTION_MAX_LENGTH}
        placeholder="Optional"
        data-testid="list-description-input"
      />
    </FormModal>
  );
}

/** The server's words for what it refused (a name already taken, say); nothing for a failure of its own or of the network. */
function refusalReason(error: unknown): string | undefined {
  return error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
}
