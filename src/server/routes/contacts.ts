import { Elysia, t } from "elysia";
import { actorOf } from "../../core/activity/actor.ts";
import { addContact, updateContact } from "../../core/contacts/contacts.ts";
import type { ServerContext } from "../context.ts";
import { toContactJson } from "../json/contact-json.ts";
import { sessionGuard } from "../middleware/session.ts";
import { idParam } from "./params.ts";

const text = t.String({ maxLength: 1000 });
const contactFields = {
  firstName: t.Optional(text),
  lastName: t.Optional(text),
  email: t.Optional(t.Nullable(text)),
  phone: t.Optional(t.Nullable(text)),
  title: t.Optional(t.Nullable(text)),
  isPrimary: t.Optional(t.Boolean()),
};

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
      { signedIn: true, body: t.Object({ accountId: t.Integer({ minimum: 1 }), ...contactFields }) },
    )
    .patch("/:id", ({ params, body, user }) => toContactJson(updateContact(db, params.id, body, actorOf(user))), {
      signedIn: true,
      params: idParam,
      body: t.Object(contactFields),
    });
}
