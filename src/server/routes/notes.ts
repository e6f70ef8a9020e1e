import { Elysia } from "elysia";
import { IdParams } from "../../contracts/common.ts";
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
      ({ params, set, user }) => {
        deleteNote(db, params.id, user);
        set.status = 204;
      },
      { signedIn: true, params: IdParams, ...answers(null, { status: 204, description: "Deleted" }) },
    );
}
