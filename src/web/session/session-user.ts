import type { SessionUser } from "../../contracts/auth.ts";

export type { SessionUser };

export function isAdmin(user: SessionUser): boolean {
  return user.role === "admin";
}
