import { invalid } from "./errors.ts";

/** A value of a fixed set, or a 400 naming the field and the set. */
export function choice<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  const found = allowed.find((candidate) => candidate === value);
  if (found === undefined) throw invalid(field, `${field} must be one of ${allowed.join(", ")}`);
  return found;
}
