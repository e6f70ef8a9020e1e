import type { PublicUser } from "../../core/users/users.ts";

/** The user as the dashboard receives it. */
export function toUserJson(user: PublicUser) {
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}
