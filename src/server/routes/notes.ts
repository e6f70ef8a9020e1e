import { Elysia, t } from "elysia";
import { actorOf } from "../../core/activity/actor.ts";
import { createNote, deleteNote, listNotes, updateNote } from "../../core/notes/notes.ts";
import type { ServerContext } from "../context.ts";
import { toNoteJson } from "../json/note-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { idParam } from "./params.ts";

const noteFields = { title: t.Optional(t.Nullable(t.String({ maxLength: 1000 }))), content: t.Optional(t.String({ maxLength: 100_000 })) };

/** Notes live under their account for listing and creating, and by their own id for editing and deleting. */
export function noteRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: "/api" })
    .use(sessionGuard(context))
    .get("/accounts/:id/notes", ({ params }) => listNotes(db, params.id).map(toNoteJson), { signedIn: true, params: idParam })
    .post(
      "/accounts/:id/notes",
      ({ params, body, set, user }) => {
        set.status = 201;
        return toNoteJson(createNote(db, params.id, body, actorOf(user)));
      },
      { signedIn: true, params: idParam, body: t.Object(noteFields) },
    )
    .patch("/notes/:id", ({ params, body, user }) => toNoteJson(updateNote(db, params.id, body, actorOf(user))), {
      signedIn: true,
      params: idParam,
      body: t.Object(noteFields),
    })
    .delete(
      "/notes/:id",
      ({ params, set, user }) => {
        deleteNote(db, params.id, actorOf(user));
        set.status = 204;
      },
      { signedIn: true, params: idParam },
    );
}
