import type { CrmDatabase } from "../../core/database/open.ts";

/**
 * An answer's JSON body as the answer cache remembers it (core/database/answer-cache.ts), sent as a string
 * with the JSON type set: a Response returned whole would be copied by Elysia into a new one that streams
 * its body, several times slower.
 */
export function rememberedJson<T extends object>(db: CrmDatabase, answer: T, shape: (answer: T) => unknown, set: { headers: Record<string, unknown> }): string {
  set.headers["content-type"] = "application/json";
  return db.answers.json(answer, shape);
}
