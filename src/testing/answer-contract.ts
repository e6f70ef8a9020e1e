import { Value } from "@sinclair/typebox/value";
import type { AnyElysia } from "elysia";
import { declaredAnswer } from "../server/openapi/answers.ts";

/**
 * Holds every successful JSON answer the tests receive to the schema its route declares in its contract,
 * so a shaper that drifts from the contract (a field renamed, a null where the schema says a number) fails
 * the test that received it, though the server itself does not check its answers (see answers.ts).
 */
export function checkAnswerAgainstContract(app: AnyElysia, method: string, urlPath: string, status: number, body: unknown): void {
  if (status < 200 || status >= 300 || body === null) return;
  const pathname = new URL(urlPath, "http://localhost").pathname;
  const route = routeFor(app, method, pathname);
  const schema = route && declaredAnswer(route.hooks.detail, status);
  if (!schema) return;
  const firstError = Value.Errors(schema, body).First();
  if (firstError) {
    throw new Error(`${method} ${pathname} answered ${status} outside its contract at ${firstError.path || "/"}: ${firstError.message} (got ${JSON.stringify(firstError.value)})`);
  }
}

function routeFor(app: AnyElysia, method: string, pathname: string) {
  const candidates = app.routes.filter((route) => route.method === method && new RegExp(`^${route.path.replace(/:[^/]+/g, "[^/]+")}/?$`).test(pathname));
  // A path without parameters is the more specific match (/api/duplicates/summary before /api/duplicates/:id).
  return candidates.sort((a, b) => a.path.split(":").length - b.path.split(":").length)[0];
}
