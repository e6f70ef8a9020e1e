import { Type } from "@sinclair/typebox";
import { t as elysiaTypes } from "elysia";

/**
 * The schema builder every contract uses: Elysia's `t`, but for `Integer`, which is TypeBox's own. Elysia's
 * Integer also accepts a number written as text and converts it, which a query string or a path needs and
 * `wholeNumber` (common.ts) uses; in a JSON body or answer a number is a number, and the OpenAPI description
 * says so. (Built on Elysia's `t` as its prototype, so that the dashboard's stand-in for it, a Proxy, serves
 * every builder: see browser-stand-in.ts.)
 */
export const t: typeof elysiaTypes = Object.assign(Object.create(elysiaTypes), { Integer: Type.Integer });

/** Elysia's Integer, which reads a number written as text: for query and path values only. */
export const IntegerText = elysiaTypes.Integer;
