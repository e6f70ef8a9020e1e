import { and, eq, ne, sql } from "drizzle-orm";
import { USER_ROLES } from "../../contracts/auth.ts";
import type { CrmDatabase, CrmQueries } from "../database/open.ts";
import { sessions, users } from "../database/schema.ts";
import { endAllSessions } from "../auth/sessions.ts";
import { conflict, invalid, notFound } from "../errors.ts";
import { generatePassword, hashPassword } from "../users/passwords.ts";
import { toPublicUser, type PublicUser } from "../users/users.ts";
import { inTransaction } from "../database/transaction.ts";
import type { Actor } from "../changes/actor.ts";
import { announceChange, type UserAction } from "../changes/change-feed.ts";
import { maskedChange, type FieldChange } from "../changes/field-changes.ts";

export interface TeamMember extends PublicUser {
  /** The last request any of their sessions made; null when they never signed in. */
  lastActiveAt: Date | null;
}

export function listTeam(db: CrmDatabase): TeamMember[] {
  return teamMembers(db).orderBy(sql`${users.active} DESC`, sql`${users.name} COLLATE NOCASE`).all().map(toTeamMember);
}

export function findTeamMember(db: CrmDatabase, userId: number): TeamMember {
  const found = teamMembers(db).where(eq(users.id, userId)).get();
  if (!found) throw notFound("User not found");
  return toTeamMember(found);
}

function teamMembers(db: CrmDatabase) {
  return db
    .select({ user: users, lastActiveAt: sql<number | null>`(SELECT max(${sessions.lastSeenAt}) FROM ${sessions} WHERE ${sessions.userId} = ${users}.id)` })
    .from(users)
    .$dynamic();
}

function toTeamMember({ user, lastActiveAt }: { user: typeof users.$inferSelect; lastActiveAt: number | null }): TeamMember {
  return { ...toPublicUser(user), lastActiveAt: lastActiveAt === null ? null : new Date(lastActiveAt) };
}

/** Changes a user's role; the last active administrator cannot be demoted (409). */
export function changeRole(db: CrmDatabase, userId: number, role: string, actor: Actor): PublicUser {
  const newRole = USER_ROLES.find((candidate) => candidate === role);
  if (!newRole) throw invalid("role", `role must be one of ${USER_ROLES.join(", ")}`);
  return inTransaction(db, () => {
    const user = requireUser(db, userId);
    if (user.role === "admin" && newRole !== "admin" && user.active) assertAnotherActiveAdmin(db, userId, "demoted");
    const [updated] = db.update(users).set({ role: newRole, updatedAt: new Date() }).where(eq(users.id, userId)).returning().all();
    if (user.role !== newRole) userChanged(db, user, "role_changed", [{ field: "role", old: user.role, new: newRole }], actor);
    return toPublicUser(updated!);
  });
}

/** Deactivating signs the user out everywhere at once; the last active administrator cannot be deactivated (409). */
export function setUserActive(db: CrmDatabase, userId: number, active: boolean, actor: Actor): PublicUser {
  return inTransaction(db, () => {
    const user = requireUser(db, userId);
    if (!active && user.role === "admin" && user.active) assertAnotherActiveAdmin(db, userId, "deactivated");
    const [updated] = db.update(users).set({ active, updatedAt: new Date() }).where(eq(users.id, userId)).returning().all();
    if (!active) endAllSessions(db, userId);
    if (user.active !== active) userChanged(db, user, active ? "reactivated" : "deactivated", [{ field: "active", old: user.active, new: active }], actor);
    return toPublicUser(updated!);
  });
}

/** A new one-time password, shown once, which the user must replace when they sign in; their sessions end. */
export async function resetPassword(db: CrmDatabase, userId: number, actor: Actor): Promise<{ user: PublicUser; password: string }> {
  const password = generatePassword();
  return { user: await replacePassword(db, userId, actor, password, { mustChange: true }), password };
}

/**
 * Ends the user's password and sessions for an e-mailed link to choose a new one (team/password-reset-by-email.ts):
 * the password becomes one nobody is told, so that only the link opens the account again.
 */
export function endPasswordForLink(db: CrmDatabase, userId: number, actor: Actor): Promise<PublicUser> {
  return replacePassword(db, userId, actor, generatePassword(), { mustChange: false });
}

async function replacePassword(db: CrmDatabase, userId: number, actor: Actor, password: string, { mustChange }: { mustChange: boolean }): Promise<PublicUser> {
  const passwordHash = await hashPassword(password);
  const user = inTransaction(db, () => {
    const before = requireUser(db, userId);
    const [updated] = db.update(users).set({ passwordHash, mustChangePassword: mustChange, updatedAt: new Date() }).where(eq(users.id, userId)).returning().all();
    endAllSessions(db, userId);
    userChanged(db, before, "password_reset", [maskedChange("password", true)], actor);
    return updated!;
  });
  return toPublicUser(user);
}

/** Signs a team member out of every browser at once (a lost laptop, a shared computer); they can sign in again. */
export function endTeamMemberSessions(db: CrmDatabase, userId: number, actor: Actor): TeamMember {
  inTransaction(db, () => {
    const user = requireUser(db, userId);
    endAllSessions(db, userId);
    userChanged(db, user, "sessions_ended", [], actor);
  });
  return findTeamMember(db, userId);
}

function userChanged(db: CrmDatabase, user: { id: number; name: string }, action: UserAction, changes: FieldChange[], actor: Actor): void {
  announceChange(db, { type: "user_changed", userId: user.id, userName: user.name, action, changes, actor, at: new Date() });
}

export function requireUser(db: CrmQueries, userId: number) {
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw notFound("User not found");
  return user;
}

function assertAnotherActiveAdmin(db: CrmQueries, userId: number, action: string): void {
  const others = db.select({ id: users.id }).from(users).where(and(eq(users.role, "admin"), eq(users.active, true), ne(users.id, userId))).get();
  if (!others) throw conflict(`The last active administrator cannot be ${action}`);
}
