import { t } from "./type-builder.ts";
import { IsoTime, requiredText, ShortText } from "./common.ts";

/**
 * The notes API: free text staff keep on an account. Listed and created under their account, edited and
 * deleted by their own id; each change lands on the account's timeline.
 *   GET    /api/accounts/{id}/notes   the account's notes, newest first (→ Note[])
 *   POST   /api/accounts/{id}/notes   add one (NewNoteBody → Note, 201)
 *   PATCH  /api/notes/{id}            edit one (NoteChanges → Note): its author or an administrator
 *   DELETE /api/notes/{id}            delete one, to the recycle bin (→ Recycled in recycle-bin.ts): its author or an administrator
 */
export const NOTES_PATH = "/api/notes";

/** Room for a long call report; longer is a paste gone wrong. Counted once trimmed. */
export const NOTE_CONTENT_MAX_LENGTH = 20_000;

export const Note = t.Object({
  id: t.Integer(),
  accountId: t.Integer(),
  title: t.Union([t.String(), t.Null()]),
  content: t.String(),
  createdByName: t.Union([t.String(), t.Null()], { description: "Null once the author's user is deleted" }),
  canChange: t.Boolean({ description: "Whether the signed-in user may edit and delete it: its author or an administrator" }),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});
export type Note = typeof Note.static;

export const NoteList = t.Array(Note);

const noteTitle = t.Optional(t.Union([ShortText, t.Null()], { description: "Blank is stored as none" }));
const noteContent = requiredText(NOTE_CONTENT_MAX_LENGTH);

/** POST /api/accounts/{id}/notes: the content is required. */
export const NewNoteBody = t.Object({ title: noteTitle, content: noteContent });
export type NewNoteBody = typeof NewNoteBody.static;

/** PATCH /api/notes/{id}: only the fields given change; an edit is what marks a note '(edited)'. */
export const NoteChanges = t.Object({ title: noteTitle, content: t.Optional(noteContent) });
export type NoteChanges = typeof NoteChanges.static;
