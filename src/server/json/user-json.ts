import type { SessionUser } from "../../contracts/auth.ts";
import type { PublicUser } from "../../core/users/users.ts";

/** The signed-in user as the dashboard receives it. */
export function toUserJson(user: PublicUser): SessionUser {
  return { id: user.id, name: user.name, email: user.email, role: user.role, mustChangePassword: user.mustChangePassword };
}
