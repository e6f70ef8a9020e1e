import type { UserRole } from "../../contracts/auth.ts";

/**
 * The one name of each role, wherever a role is shown: the sidebar, the team table, the role choices of the
 * invite and change-role dialogs, their toasts. The specification names them so.
 */
const ROLE_LABELS: Readonly<Record<UserRole, string>> = { admin: "Admin", sales: "Sales Manager" };

export function roleLabel(role: UserRole): string {
  return ROLE_LABELS[role];
}
