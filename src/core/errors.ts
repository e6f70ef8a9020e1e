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
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const invalid = (field: string, message: string) => new DomainError("invalid", message, field);
export const notFound = (message: string) => new DomainError("not_found", message);
export const conflict = (message: string, field?: string) => new DomainError("conflict", message, field);
export const forbidden = (message: string) => new DomainError("forbidden", message);
