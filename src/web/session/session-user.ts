/** The signed-in user as GET /api/auth/me and POST /api/auth/login answer it. */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: string;
}

export function roleLabel(role: string): string {
  return role === "admin" ? "Admin" : "Sales Manager";
}

export function isAdmin(user: SessionUser): boolean {
  return user.role === "admin";
}
