import type { Note } from "../../contracts/notes.ts";
import type { Note as StoredNote } from "../../core/notes/notes.ts";

export function toNoteJson(note: StoredNote): Note {
  return {
    id: note.id,
    accountId: note.accountId,
    title: note.title,
    content: note.content,
    createdByName: note.createdByName,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}
