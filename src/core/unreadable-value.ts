/** A cell of an imported file that cannot be read as the kind of value its column holds. */
export class UnreadableValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnreadableValueError";
  }
}

/** The error for `text` that should have been a `kind` of value: 'unreadable date "2/30/2026": 2/2026 has no day 30'. */
export function unreadableValue(kind: string, text: string, reason?: string): UnreadableValueError {
  return new UnreadableValueError(`unreadable ${kind} "${text}"${reason === undefined ? "" : `: ${reason}`}`);
}
