import { createNote, updateNote, type Note } from "../../api/notes";
import { FormModal } from "../../ui/FormModal";
import { TextAreaField } from "../../ui/TextAreaField";
import { TextField } from "../../ui/TextField";
import { editLabels, useFormModal } from "../../ui/useFormModal";
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
  const { fieldProps, modalProps } = useFormModal({
    initial: { title: note?.title ?? "", content: note?.content ?? "" },
    onClose,
    canSubmit: (values) => values.content.trim() !== "",
    send: (values) => (note ? updateNote(note.id, noteFieldsOf(values)) : createNote(accountId, noteFieldsOf(values))),
    refresh: useRefreshNotes(accountId),
    failureMessage: note ? "Failed to update note." : "Failed to create note. Please make sure you are logged in.",
    onSuccess: onSaved,
  });
  const labels = note ? editLabels("Edit Note") : { title: "Create Note", submitLabel: "Create Note", pendingLabel: "Creating..." };

  return (
    <FormModal {...modalProps} {...labels} testId="note-form-modal">
      <TextField label="Title" {...fieldProps("title")} maxLength={SHORT_TEXT_MAX_LENGTH} placeholder="Optional" autoComplete="off" />
      <TextAreaField label="Content" {...fieldProps("content")} required rows={4} maxLength={NOTE_CONTENT_MAX_LENGTH} autoFocus />
    </FormModal>
  );
}
