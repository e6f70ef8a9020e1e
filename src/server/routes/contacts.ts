import { Elysia } from "elysia";
import { actorOf } from "../../core/changes/actor.ts";
import { addContact, deleteContact, updateContact } from "../../core/contacts/contacts.ts";
import { IdParams, UNDO_WINDOW_DAYS } from "../../contracts/common.ts";
import { Recycled } from "../../contracts/recycle-bin.ts";
import { Contact, ContactChanges, NewContactBody } from "../../contracts/contacts.ts";
import type { ServerContext } from "../context.ts";
import { toContactJson } from "../json/contact-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { answers } from "../openapi/answers.ts";

/** The contacts API: see src/contracts/contacts.ts. An account's contacts come with its detail. */
export function contactRoutes(context: ServerContext) {
  const { db } = context;
  return new Elysia({ prefix: "/api/contacts" })
    .use(sessionGuard(context))
    .post(
      "/",
      ({ body: { accountId, ...fields }, set, user }) => {
        set.status = 201;
        return toContactJson(addContact(db, accountId, fields, actorOf(user)));
      },
      { signedIn: true, body: NewContactBody, ...answers(Contact, { status: 201 }) },
    )
    .patch("/:id", ({ params, body, user }) => toContactJson(updateContact(db, params.id, body, actorOf(user))), {
      signedIn: true,
      params: IdParams,
      body: ContactChanges,
      ...answers(Contact),
    })
    .delete(
      "/:id",
      ({ params, user }): Recycled => ({
        message: `Contact deleted. It stays in the recycle bin for ${UNDO_WINDOW_DAYS} days.`,
        recycleBinId: deleteContact(db, params.id, actorOf(user)),
      }),
      { signedIn: true, params: IdParams, ...answers(Recycled, { description: "Deleted: in the recycle bin, which restores it" }) },
    );
}
