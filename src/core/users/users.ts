import { asc, eq, sql } from "drizzle-orm";
import { USER_ROLES, type UserRole } from "../../contracts/auth.ts";
import type { CrmDatabase } from "../database/open.ts";
import { users } from "../database/schema.ts";
import { conflict, invalid, notFound } from "../errors.ts";
import { generatePassword, hashPassword } from "./passwords.ts";

/** A user as every surface shows it: never with the password hash. */
export interface PublicUser {
  id: number;
  name: string;
  email: string;
  role: UserRole;
  active: boolean;
  createdAt: Date;
}

export interface NewUser {
  email: string;
  name: string;
  role: string;
  /** When absent a password is generated; it is returned once and never stored in clear. */
  password?: string;
}

/** Creates a staff user. Returns the user and the password to hand over. */
export async function createUser(db: CrmDatabase, input: NewUser): Promise<{ user: PublicUser; password: string }> {
  const email = normalizeEmail(input.email);
  const name = input.name.trim();
  if (!name) throw invalid("name", "name is required");
  const role = parseRole(input.role);
  const password = input.password ?? generatePassword();
  validatePassword(password);
  if (findUserByEmail(db, email)) throw conflict(`A user with e-mail ${email} already exists`);

  const now = new Date();
  const [row] = db
    .insert(users)
    .values({ email, name, role, passwordHash: await hashPassword(password), createdAt: now, updatedAt: now })
    .returning()
    .all();
  return { user: toPublicUser(row!), password };
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

/** Sets a new password (generated when absent) and ends the user's sessions, so an old one stops working everywhere. */
export async function setUserPassword(db: CrmDatabase, emailInput: string, newPassword?: string): Promise<{ user: PublicUser; password: string }> {
  const email = normalizeEmail(emailInput);
  const user = findUserByEmail(db, email);
  if (!user) throw notFound(`No user with e-mail ${email}`);
  const password = newPassword ?? generatePassword();
  validatePassword(password);
  const passwordHash = await hashPassword(password);
  db.transaction((tx) => {
    tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id)).run();
    tx.run(sql`DELETE FROM sessions WHERE user_id = ${user.id}`);
  });
  return { user: toPublicUser(user), password };
}

export function toPublicUser(row: typeof users.$inferSelect): PublicUser {
  return { id: row.id, name: row.name, email: row.email, role: row.role, active: row.active, createdAt: row.createdAt };
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (!normalized) throw invalid("email", "email is required");
  if (!EMAIL_PATTERN.test(normalized) && !/^[^\s@]+@localhost$/.test(normalized)) {
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

const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 256;

function validatePassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw invalid("password", `password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > MAX_PASSWORD_LENGTH) throw invalid("password", `password must be at most ${MAX_PASSWORD_LENGTH} characters`);
}
