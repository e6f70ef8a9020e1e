const bodies = new WeakMap<object, string>();

/**
 * A JSON answer shaped from an answer core remembers until data changes (a page of accounts, an account's
 * detail): its serialized body is remembered with it, as shaping and serializing cost more than the
 * rest of answering from memory. An answer core did not remember is a new object each time, and its body
 * is forgotten with it.
 */
export function rememberedJsonResponse<T extends object>(answer: T, shape: (answer: T) => unknown, headers: Record<string, string> = {}): Response {
  let body = bodies.get(answer);
  if (body === undefined) bodies.set(answer, (body = JSON.stringify(shape(answer))));
  return new Response(body, { headers: { "content-type": "application/json", ...headers } });
}
