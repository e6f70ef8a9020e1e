import type { CrmDatabase } from "../database/open.ts";
import { countUsers, createUser, type PublicUser } from "./users.ts";

/** The first administrator's e-mail unless the server is told another. */
export const DEFAULT_ADMIN_EMAIL = "admin@localhost";

/**
 * On a fresh database, creates the administrator so that somebody can sign in. Returns the password to
 * print once; null when users already exist.
 */
export async function ensureFirstAdmin(db: CrmDatabase, email: string): Promise<{ user: PublicUser; password: string } | null> {
  if (countUsers(db) > 0) return null;
  return createUser(db, { email, name: "Administrator", role: "admin" });
}
