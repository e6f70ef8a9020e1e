/**
 * Errors the domain raises for bad input or a state that forbids an action.
 * Their messages are written for the person who caused them: the server answers them as JSON
 * with the matching status and the CLI prints them as one line.
 */
export type DomainErrorKind = "invalid" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "too_large" | "throttled" | "unavailable";

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** The input field at fault, for "invalid" and a "conflict" over one value (an e-mail already taken). */
    readonly field?: string,
    /** For "throttled": whole seconds until trying again can succeed, which the server sends as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const invalid = (field: string, message: string) => new DomainError("invalid", message, field);
export const notFound = (message: string) => new DomainError("not_found", message);
export const conflict = (message: string, field?: string) => new DomainError("conflict", message, field);
export const forbidden = (message: string) => new DomainError("forbidden", message);

/**
 * Refuses for now. The message ends by saying when to try again, from the same whole seconds the server
 * sends as Retry-After, so that the person and their client are told the same wait.
 */
export function throttled(reason: string, retryAfterSeconds: number): DomainError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new DomainError("throttled", `${reason}. Try again in ${describeWait(seconds)}.`, undefined, seconds);
}

function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "a second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "a minute" : `${minutes} minutes`;
}

/**
 * Why the system refused to read or write a file or folder, in the words a refusal shows staff ("Cannot
 * read orders.csv: no such file or folder"); any other failure by its own message.
 */
export function fileProblem(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === "string" ? FILE_PROBLEMS[code] : undefined) ?? (error instanceof Error ? error.message : String(error));
}

/** Whether the system refused a file or folder (an error with its system call), rather than anything else going wrong. */
export function isFileRefusal(error: unknown): boolean {
  return typeof (error as { syscall?: unknown } | null)?.syscall === "string";
}

const FILE_PROBLEMS: Record<string, string> = {
  // Reading, the file is not there; writing, the folder it would go in.
  ENOENT: "no such file or folder",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EISDIR: "it is a folder",
  ENOTDIR: "a file stands where a folder should",
  // mkdir's answer when what it was to make is there already, as a file.
  EEXIST: "a file stands where a folder should",
  EROFS: "the disk is read-only",
  ENOSPC: "the disk is full",
};
