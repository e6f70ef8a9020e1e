import type { TSchema } from "elysia";

/**
 * Declares what a route answers when it succeeds, for GET /api/openapi.json: `detail.responses`, which
 * Elysia's OpenAPI generator passes through. Elysia's own `response` hook is not used: it would check every
 * answer at run time, and the hottest answers (a page of accounts, an account's detail) are remembered as
 * serialized JSON that it cannot check. The JSON shapers are typed by these same schemas, so the compiler
 * holds every answer to them, and the test server checks each answer the tests receive against them.
 */
export function answers(schema: TSchema | null, options: { status?: number; summary?: string; description?: string; contentType?: string } = {}) {
  const { status = 200, summary, description = "Success", contentType = "application/json" } = options;
  const content = schema === null ? undefined : { [contentType]: { schema } };
  return { detail: { summary, responses: { [status]: { description, content } } } };
}

/** The answer schema a route declares for a status, as `answers` wrote it; the test server checks answers with it. */
export function declaredAnswer(detail: unknown, status: number): TSchema | undefined {
  const responses = (detail as { responses?: Record<string, { content?: Record<string, { schema?: TSchema }> }> } | undefined)?.responses;
  return responses?.[status]?.content?.["application/json"]?.schema;
}
