/**
 * The contracts' schema builder (type-builder.ts) as the dashboard's bundle gets it (build.ts). The
 * dashboard imports contracts for their values (enums, limits) and types, never to validate a request: the
 * server does that. Builders that build nothing keep Elysia's type system (190 KB) out of the dashboard.
 * Reading a schema in the browser is therefore a mistake: every one is empty.
 */
const EMPTY_SCHEMA = Object.freeze({});
const buildsNothing = (): object => EMPTY_SCHEMA;

export const t = new Proxy({}, { get: () => buildsNothing });
export const IntegerText = buildsNothing;
