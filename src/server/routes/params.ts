import { t } from "elysia";

/** A numeric id in the path: anything else answers 400 naming it. */
export const idParam = t.Object({ id: t.Numeric({ minimum: 1 }) });

/** limit and offset of a paged list, as the query string gives them. */
export const pageQuery = t.Object({
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 500 })),
  offset: t.Optional(t.Numeric({ minimum: 0 })),
});
