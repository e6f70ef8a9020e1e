import { Kind, OptionalKind, ReadonlyKind, type TObject } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { TransformDecodeError } from "@sinclair/typebox/value";
import { ValidationError } from "elysia";

/** Distinct query strings remembered per route: a screen's pages, sorts and filters, many times over. */
const MAX_REMEMBERED_QUERIES = 1000;

/**
 * A hot route's query, converted once per distinct query string rather than on every request. Elysia
 * checks a query, then converts it (the whole numbers of a query string, contracts/type-builder.ts, are
 * TypeBox transforms) by walking the whole query and checking every alternative of every union again,
 * uncompiled, and its compiled route does that twice: on the accounts page, a third of the server's time
 * (bench:api, docs/performance.md).
 *
 * The route is given `query`, the contract without its conversions: the same description (the OpenAPI
 * description is made from it) and the same check, which Elysia still runs on every request, answering 400
 * as before. Then `beforeHandle` hands the route the contract's converted query, remembered by the query
 * string's text: a value out of range is refused there, as Elysia refuses it, and a refused query is never
 * remembered. Route: `{ ...rememberedQuery(AccountListQuery), signedIn: true }` (the session is checked
 * before either, in the transform phase).
 */
export function rememberedQuery<Query extends TObject>(contract: Query) {
  const converter = TypeCompiler.Compile(contract);
  const converted = new Map<string, Query["static"]>();
  const query = withoutConversions(contract);
  // Elysia coerces a query schema's booleans and numbers into conversions of its own (a contract's `flag`
  // would be converted again); it leaves alone a schema it marks as its own kind, by this property, which
  // is not enumerable so that the description, made from the same schema, stays the contract's.
  Object.defineProperty(query, "elysiaMeta", { value: "RememberedQuery", enumerable: false });
  return {
    query,
    // An arrow function: Elysia reads a hook's source to learn what it uses, and cannot read a method's
    // once minified (it printed a warning asking for a bug report at the first accounts page).
    beforeHandle: (context: { request: Request; query: Query["static"] }): void => {
      const url = context.request.url;
      const text = url.slice(url.indexOf("?") + 1);
      let query = converted.get(text);
      if (query === undefined) {
        query = Object.freeze(convert(converter, context.query));
        // As the answer cache does: when full, forget all (a full map means query strings vary faster than they recur).
        if (converted.size >= MAX_REMEMBERED_QUERIES) converted.clear();
        converted.set(text, query);
      }
      context.query = query;
    },
  };
}

/** What Elysia does after its check: TypeBox's conversion, its refusal (a number out of range) thrown as Elysia throws it. */
function convert<Query extends TObject>(converter: ReturnType<typeof TypeCompiler.Compile<Query>>, query: unknown): Query["static"] {
  try {
    return converter.Decode(query);
  } catch (error) {
    if (error instanceof TransformDecodeError) throw error.error ?? new ValidationError("query", converter, query);
    throw new ValidationError("query", converter, query);
  }
}

/** A copy of the schema without TypeBox's transforms (TransformKind, left out): the same JSON, the same check, nothing converted. */
function withoutConversions<Schema>(schema: Schema): Schema {
  if (Array.isArray(schema)) return schema.map(withoutConversions) as Schema;
  if (typeof schema !== "object" || schema === null) return schema;
  const copy: Record<string | symbol, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = withoutConversions(value);
  for (const symbol of [Kind, OptionalKind, ReadonlyKind] as const) {
    if (symbol in schema) copy[symbol] = (schema as Record<symbol, unknown>)[symbol];
  }
  return copy as Schema;
}
