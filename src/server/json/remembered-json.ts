const bodies = new WeakMap<object, string>();

/**
 * A JSON answer shaped from an answer core remembers until data changes (a page of accounts, an account's
 * detail): its serialized body is remembered with it, as shaping and serializing cost more than the rest
 * of answering from memory. An answer core did not remember is a new object each time, and its body is
 * forgotten with it. The body goes back to Elysia as a string with the JSON type set: a Response returned
 * whole would be copied by Elysia into a new one that streams its body, several times slower.
 */
export function rememberedJson<T extends object>(answer: T, shape: (answer: T) => unknown, set: { headers: Record<string, unknown> }): string {
  let body = bodies.get(answer);
  if (body === undefined) bodies.set(answer, (body = JSON.stringify(shape(answer))));
  set.headers["content-type"] = "application/json";
  return body;
}
