import { useState } from "react";
import { createNote, updateNote, type Note } from "../../api/notes";
import { FormModal } from "../FormModal";
import { TextAreaField } from "../TextAreaField";
import { TextField } from "../TextField";
import { useToast } from "../toast/useToast";
import { noteFieldsOf } from "./note-form";

export interface NoteFormModalProps {
  accountId: number;
  /** The note to edit; null writes a new one. */
  note: Note | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 'Create Note' and 'Edit Note': an optional title and the required content. */
export function NoteFormModal({ accountId, note, onClose, onSaved }: NoteFormModalProps) {
  const { toast } = useToast();
  const [title, setTitle] = useState(note?.title ?? "");
  const [content, setContent] = useState(note?.content ?? "");
  const [isSaving, setIsSaving] = useState(false);
  const isEditing = note !== null;
  const canSave = content.trim() !== "" && !isSaving;

  async function save() {
    setIsSaving(true);
    try {
      const fields = noteFieldsOf({ title, content });
      if (isEditing) await updateNote(note.id, fields);
      else await createNote(accountId, fields);
    } catch {
      setIsSaving(false);
      toast({
        variant: "destructive",
        title: "Error",
        description: isEditing ? "Failed to update note." : "Failed to create note. Please make sure you are logged in.",
      });
      return;
    }
    onSaved();
  }

  return (
    <FormModal
      title={isEditing ? "Edit Note" : "Create Note"}
      testId="note-form-modal"
      onClose={onClose}
      onSubmit={save}
      submitLabel={isEditing ? "Save Changes" : "Create Note"}
      pendingLabel={isEditing ? "Saving..." : "Creating..."}
      isPending={isSaving}
      canSubmit={canSave}
      formClassName="space-y-4"
    >
      <TextField label="Title" value={title} onChange={setTitle} maxLength={200} placeholder="Optional" autoComplete="off" />
      <TextAreaField label="Content" value={content} onChange={setContent} required rows={4} maxLength={20_000} autoFocus />
    </FormModal>
  );
}
