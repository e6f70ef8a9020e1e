import { createList, updateList, type ListDefinition } from "../../api/lists";
import { FormModal } from "../../ui/FormModal";
import { TextAreaField } from "../../ui/TextAreaField";
import { TextField } from "../../ui/TextField";
import { editLabels, useFormModal } from "../../ui/useFormModal";
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
  const { fieldProps, modalProps } = useFormModal<ReturnType<typeof listFormValuesOf>, ListDefinition>({
    initial: () => listFormValuesOf(list),
    onClose,
    canSubmit: (values) => canSaveList(list, values),
    send: (values) => (list ? updateList(list.key, listFieldsOf(values)) : createList(listFieldsOf(values))),
    success: (saved) =>
      list ? { title: "List saved", description: `Changes to ${saved.name} have been saved.` } : { title: "List created", description: "New list has been created successfully." },
    failureTitle: list ? "Failed to update list." : "Failed to create new list.",
    onSuccess: onSaved,
  });
  const labels = list ? editLabels("Edit List") : { title: "Create New List", submitLabel: "Create List", pendingLabel: "Creating..." };

  return (
    <FormModal
      {...modalProps}
      {...labels}
      description={list ? "Accounts stay in the list when it is renamed." : "Group accounts your own way, next to New, Active and Legacy."}
      testId="list-form-modal"
      submitTestId="list-form-submit"
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
