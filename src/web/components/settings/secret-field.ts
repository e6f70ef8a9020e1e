import type { SecretDescription } from "../../api/settings";

/** What an empty secret field says about the value in force; never the value itself. */
export function secretPlaceholder(description: SecretDescription): string {
  if (description.source === "environment") return "Set by the server's environment";
  return description.configured && description.hint ? `Saved: ${description.hint}` : "Not set";
}

/** An environment variable wins over a saved value: changing it here would have no effect. */
export function isSetByEnvironment(description: SecretDescription): boolean {
  return description.source === "environment";
}
