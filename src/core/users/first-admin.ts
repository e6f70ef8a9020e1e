import type { CrmDatabase } from "../database/open.ts";
import { writeSetting } from "../settings/settings.ts";
import { countUsers, createUser, type PublicUser } from "./users.ts";

/**
 * On a fresh database, creates the administrator so that somebody can sign in, and makes its e-mail
 * the one the login screen offers. Returns the password to print once; null when users already exist.
 */
export async function ensureFirstAdmin(db: CrmDatabase, email: string): Promise<{ user: PublicUser; password: string } | null> {
  if (countUsers(db) > 0) return null;
  const created = await createUser(db, { email, name: "Administrator", role: "admin" });
  writeSetting(db, "defaultLoginEmail", created.user.email);
  return created;
}
