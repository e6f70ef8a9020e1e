import type { SecretDescription } from "../../api/settings";

/** What an empty secret field says about the value in force; never the value itself. */
export function secretPlaceholder(description: SecretDescription): string {
  if (description.source === "environment") return "Set by the server's environment";
  if (!description.configured) return "Not set";
  // Only administrators are told how it ends.
  return description.hint ? `Saved: ${description.hint}` : "Saved";
}

/** An environment variable wins over a saved value: changing it here would have no effect. */
export function isSetByEnvironment(description: SecretDescription): boolean {
  return description.source === "environment";
}
