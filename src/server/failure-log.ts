/**
 * A line in the server's log for work that failed unexpectedly (a request answered 500, background work):
 * when, what, and the error's stack. The stack as text, not the error itself, which Bun prints with the
 * line of source it came from: in the built binary a minified line thousands of characters long.
 */
export function logFailure(what: string, error: unknown): void {
  const told = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  console.error(`${new Date().toISOString()} ${what}: ${told}`);
}
