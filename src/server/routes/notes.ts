import { Elysia } from "elysia";
import { IdParams, UNDO_WINDOW_DAYS } from "../../contracts/common.ts";
import { Recycled } from "../../contracts/recycle-bin.ts";
import { NewNoteBody, Note, NoteChanges, NoteList, NOTES_PATH } from "../../contracts/notes.ts";
import { actorOf } from "../../core/changes/actor.ts";
import { createNote, deleteNote, listNotes, updateNote } from "../../core/notes/notes.ts";
import type { ServerContext } from "../context.ts";
import { toNoteJson } from "../json/note-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/**
 * Notes live under their account for listing and creating, and by their own id for editing and deleting,
 * which only their author or an administrator may do (core/notes/notes.ts).
 */
export function noteRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia()
    .use(sessionGuard(context))
    .get("/api/accounts/:id/notes", ({ params, user }) => listNotes(db, params.id).map((note) => toNoteJson(note, user)), { signedIn: true, params: IdParams, ...answers(NoteList) })
    .post(
      "/api/accounts/:id/notes",
      ({ params, body, set, user }) => {
        set.status = 201;
        return toNoteJson(createNote(db, params.id, body, actorOf(user)), user);
      },
      { signedIn: true, params: IdParams, body: NewNoteBody, ...answers(Note, { status: 201 }) },
    )
    .patch(`${NOTES_PATH}/:id`, ({ params, body, user }) => toNoteJson(updateNote(db, params.id, body, user), user), {
      signedIn: true,
      params: IdParams,
      body: NoteChanges,
      ...answers(Note),
    })
    .delete(
      `${NOTES_PATH}/:id`,
      ({ params, user }): Recycled => ({ message: `Note deleted. It stays in the recycle bin for ${UNDO_WINDOW_DAYS} days.`, recycleBinId: deleteNote(db, params.id, user) }),
      { signedIn: true, params: IdParams, ...answers(Recycled, { description: "Deleted: in the recycle bin, which restores it" }) },
    );
}
