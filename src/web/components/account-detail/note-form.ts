import type { Note, NoteFields } from "../../api/notes";

/** What the note form sends: trimmed, with a blank title as none. */
export function noteFieldsOf(values: { title: string; content: string }): NoteFields {
  return { title: values.title.trim() || null, content: values.content.trim() };
}

/** A note that was changed after it was written shows '(edited)'. */
export function isEditedNote(note: Pick<Note, "createdAt" | "updatedAt">): boolean {
  return new Date(note.updatedAt).getTime() !== new Date(note.createdAt).getTime();
}
