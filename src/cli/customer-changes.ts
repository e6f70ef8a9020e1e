import type { CustomerChange } from "../contracts/imports.ts";
import { formatCount } from "../contracts/counts.ts";

/**
 * The known orders an import moved to another customer, a line each with both e-mails, so that no such
 * move goes unseen: "" when there were none.
 */
export function describeCustomerChanges(count: number, changes: readonly CustomerChange[]): string {
  if (count === 0) return "";
  const lines = changes.map((change) => `  ${change.orderNumber ? `#${change.orderNumber}` : "(no number)"}${change.store ? ` (${change.store})` : ""}: ${change.from} → ${change.to}`);
  const more = count > changes.length ? `\n  …and ${formatCount(count - changes.length)} more` : "";
  return `\nOrders moved to another customer:\n${lines.join("\n")}${more}\n`;
}
