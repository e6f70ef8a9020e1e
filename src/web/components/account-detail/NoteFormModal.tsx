import { createNote, updateNote, type Note } from "../../api/notes";
import { useWrite } from "../../ui/use-write";
import { FormModal } from "../../ui/FormModal";
import { TextAreaField } from "../../ui/TextAreaField";
import { TextField } from "../../ui/TextField";
import { useFormValues } from "../../ui/useFormValues";
import { noteFieldsOf } from "./note-form";
import { useRefreshNotes } from "./useRefreshNotes";
import { NOTE_CONTENT_MAX_LENGTH } from "../../../contracts/notes.ts";
import { SHORT_TEXT_MAX_LENGTH } from "../../../contracts/common.ts";

export interface NoteFormModalProps {
  accountId: number;
  /** The note to edit; null writes a new one. */
  note: Note | null;
  onClose: () => void;
  /** Once saved; the notes and the timeline are then fetched again. */
  onSaved: () => void;
}

/** 'Create Note' and 'Edit Note': an optional title and the required content. */
export function NoteFormModal({ accountId, note, onClose, onSaved }: NoteFormModalProps) {
  const isEditing = note !== null;
  const write = useWrite({
    refresh: useRefreshNotes(accountId),
    failureMessage: isEditing ? "Failed to update note." : "Failed to create note. Please make sure you are logged in.",
    onSuccess: onSaved,
  });
  const { values, fieldProps } = useFormValues({ title: note?.title ?? "", content: note?.content ?? "" }, write);
  const canSave = values.content.trim() !== "" && !write.isPending;

  async function save() {
    const fields = noteFieldsOf(values);
    await write.run(() => (isEditing ? updateNote(note.id, fields) : createNote(accountId, fields)));
  }

  return (
    <FormModal
      title={isEditing ? "Edit Note" : "Create Note"}
      testId="note-form-modal"
      onClose={onClose}
      onSubmit={save}
      submitLabel={isEditing ? "Save Changes" : "Create Note"}
      pendingLabel={isEditing ? "Saving..." : "Creating..."}
      isPending={write.isPending}
      canSubmit={canSave}
      formClassName="space-y-4"
    >
      <TextField label="Title" {...fieldProps("title")} maxLength={SHORT_TEXT_MAX_LENGTH} placeholder="Optional" autoComplete="off" />
      <TextAreaField label="Content" {...fieldProps("content")} required rows={4} maxLength={NOTE_CONTENT_MAX_LENGTH} autoFocus />
    </FormModal>
  );
}
