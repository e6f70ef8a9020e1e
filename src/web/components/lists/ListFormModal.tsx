import { createList, updateList, type ListDefinition } from "../../api/lists";
import { useWrite } from "../../ui/use-write";
import { FormModal } from "../../ui/FormModal";
import { TextAreaField } from "../../ui/TextAreaField";
import { TextField } from "../../ui/TextField";
import { useFormValues } from "../../ui/useFormValues";
import { canSaveList, LIST_DESCRIPTION_MAX_LENGTH, LIST_NAME_MAX_LENGTH, listFieldsOf, listFormValuesOf } from "./list-form";

export interface ListFormModalProps {
  /** The custom list to rename; null creates a new one. */
  list: ListDefinition | null;
  onClose: () => void;
  /** Once saved. The caller fetches the lists again: it opens a new list once they know it, and not before. */
  onSaved: (list: ListDefinition) => void;
}

/** 'Create New List' and 'Edit List': a required name and an optional description, saved on the server. */
export function ListFormModal({ list, onClose, onSaved }: ListFormModalProps) {
  const isEditing = list !== null;
  const write = useWrite<ListDefinition>({
    success: (saved) =>
      isEditing ? { title: "List saved", description: `Changes to ${saved.name} have been saved.` } : { title: "List created", description: "New list has been created successfully." },
    failureTitle: isEditing ? "Failed to update list." : "Failed to create new list.",
    onSuccess: onSaved,
  });
  const { values, fieldProps } = useFormValues(() => listFormValuesOf(list), write);
  const canSave = canSaveList(list, values) && !write.isPending;

  async function save() {
    await write.run(() => (isEditing ? updateList(list.key, listFieldsOf(values)) : createList(listFieldsOf(values))));
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
      isPending={write.isPending}
      canSubmit={canSave}
      submitTestId="list-form-submit"
      formClassName="space-y-4"
    >
      <TextField
        label="Name"
        {...fieldProps("name")}
        required
        maxLength={LIST_NAME_MAX_LENGTH}
        placeholder="e.g. Wholesale Distributors"
        autoComplete="off"
        autoFocus
        data-testid="list-name-input"
      />
      <TextAreaField
        label="Description"
        {...fieldProps("description")}
        rows={3}
        maxLength={LIST_DESCRIPTION_MAX_LENGTH}
        placeholder="Optional"
        data-testid="list-description-input"
      />
    </FormModal>
  );
}
