import { asc, eq, sql } from "drizzle-orm";
import { USER_ROLES, type UserRole } from "../../contracts/auth.ts";
import { STAFF_EMAIL_PATTERN } from "../../contracts/team.ts";
import type { CrmDatabase } from "../database/open.ts";
import { users } from "../database/schema.ts";
import { conflict, invalid, notFound } from "../errors.ts";
import { generatePassword, hashPassword } from "./passwords.ts";
import { checkChosenPassword } from "./password-policy.ts";
import { inTransaction } from "../database/transaction.ts";
import { COMMAND_LINE, type Actor } from "../changes/actor.ts";
import { announceChange } from "../changes/change-feed.ts";
import { fieldChanges, maskedChange } from "../changes/field-changes.ts";

/** A user as every surface shows it: never with the password hash. */
export interface PublicUser {
  id: number;
  name: string;
  email: string;
  role: UserRole;
  active: boolean;
  /** Their password is a one-time one, generated and handed over: they must choose their own before anything else. */
  mustChangePassword: boolean;
  createdAt: Date;
}

export interface NewUser {
  email: string;
  name: string;
  role: string;
  /**
   * When absent a password is generated; it is returned once and never stored in clear, and is a one-time
   * password: the user must replace it when they first sign in.
   */
  password?: string;
}

/** Creates a staff user. Returns the user and the password to hand over. `actor`: who added them (the command line unless said). */
export async function createUser(db: CrmDatabase, input: NewUser, actor: Actor = COMMAND_LINE): Promise<{ user: PublicUser; password: string }> {
  const email = normalizeEmail(input.email);
  const name = input.name.trim();
  if (!name) throw invalid("name", "name is required");
  const role = parseRole(input.role);
  const password = input.password ?? generatePassword();
  checkChosenPassword("password", password, email);
  if (findUserByEmail(db, email)) throw conflict(`A user with e-mail ${email} already exists`);

  const now = new Date();
  const mustChangePassword = input.password === undefined;
  const passwordHash = await hashPassword(password);
  const row = inTransaction(db, () => {
    const [added] = db.insert(users).values({ email, name, role, passwordHash, mustChangePassword, createdAt: now, updatedAt: now }).returning().all();
    const changes = fieldChanges({}, { name, email, role }, ["name", "email", "role"]);
    announceChange(db, { type: "user_changed", userId: added!.id, userName: name, action: "added", changes, actor, at: now });
    return added!;
  });
  return { user: toPublicUser(row), password };
}

export function listUsers(db: CrmDatabase): PublicUser[] {
  return db.select().from(users).orderBy(asc(users.name), asc(users.id)).all().map(toPublicUser);
}

export function countUsers(db: CrmDatabase): number {
  return db.select({ count: sql<number>`count(*)` }).from(users).get()?.count ?? 0;
}

export function findUserByEmail(db: CrmDatabase, email: string) {
  return db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

/**
 * Sets a new password and ends the user's sessions, so an old one stops working everywhere. A generated
 * password (none given) is a one-time one, which the user must replace when they next sign in.
 */
export async function setUserPassword(db: CrmDatabase, emailInput: string, newPassword?: string, actor: Actor = COMMAND_LINE): Promise<{ user: PublicUser; password: string }> {
  const email = normalizeEmail(emailInput);
  const user = findUserByEmail(db, email);
  if (!user) throw notFound(`No user with e-mail ${email}`);
  const password = newPassword ?? generatePassword();
  checkChosenPassword("password", password, email);
  const passwordHash = await hashPassword(password);
  const [updated] = inTransaction(db, () => {
    db.run(sql`DELETE FROM sessions WHERE user_id = ${user.id}`);
    const action = newPassword === undefined ? "password_reset" : "password_set";
    announceChange(db, { type: "user_changed", userId: user.id, userName: user.name, action, changes: [maskedChange("password", true)], actor, at: new Date() });
    return db
      .update(users)
      .set({ passwordHash, mustChangePassword: newPassword === undefined, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning()
      .all();
  });
  return { user: toPublicUser(updated!), password };
}

export function toPublicUser(row: typeof users.$inferSelect): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    active: row.active,
    mustChangePassword: row.mustChangePassword,
    createdAt: row.createdAt,
  };
}

const STAFF_EMAIL = new RegExp(`^${STAFF_EMAIL_PATTERN}$`);

function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (!normalized) throw invalid("email", "email is required");
  if (!STAFF_EMAIL.test(normalized)) {
    throw invalid("email", `email is not a valid e-mail address: ${email.trim()}`);
  }
  return normalized;
}

function parseRole(role: string): UserRole {
  const normalized = role.trim().toLowerCase();
  const known = USER_ROLES.find((candidate) => candidate === normalized);
  if (!known) throw invalid("role", `role must be one of ${USER_ROLES.join(", ")}`);
  return known;
}
