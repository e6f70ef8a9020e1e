import type { Note } from "../../contracts/notes.ts";
import { mayChangeNote, type Note as StoredNote } from "../../core/notes/notes.ts";
import type { PublicUser } from "../../core/users/users.ts";

/** A note as `reader` sees it: whether they may edit and delete it is theirs to know. */
export function toNoteJson(note: StoredNote, reader: PublicUser): Note {
  return {
    id: note.id,
    accountId: note.accountId,
    title: note.title,
    content: note.content,
    createdByName: note.createdByName,
    canChange: mayChangeNote(note, reader),
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}
