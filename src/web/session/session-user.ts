import type { SessionUser } from "../../contracts/auth.ts";

export type { SessionUser };

export function roleLabel(role: string): string {
  return role === "admin" ? "Admin" : "Sales Manager";
}

export function isAdmin(user: SessionUser): boolean {
  return user.role === "admin";
}
