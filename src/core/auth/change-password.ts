import { eq } from "drizzle-orm";
import type { CrmDatabase } from "../database/open.ts";
import { users } from "../database/schema.ts";
import { invalid, notFound } from "../errors.ts";
import { hashPassword, verifyPassword } from "../users/passwords.ts";
import { checkChosenPassword } from "../users/password-policy.ts";
import { toPublicUser, type PublicUser } from "../users/users.ts";
import { endOtherSessions } from "./sessions.ts";
import { inTransaction } from "../database/transaction.ts";
import { announceChange } from "../changes/change-feed.ts";
import { maskedChange } from "../changes/field-changes.ts";

export interface PasswordChange {
  userId: number;
  /** The token of the session asking: it stays signed in, while every other session of the user ends. */
  sessionToken: string;
  currentPassword: string;
  newPassword: string;
}

/**
 * The signed-in user replaces their password, proving it is them with the current one. A one-time password
 * is replaced so; and whoever else may know the old password is signed out everywhere but here.
 */
export async function changeOwnPassword(db: CrmDatabase, change: PasswordChange): Promise<PublicUser> {
  const user = db.select().from(users).where(eq(users.id, change.userId)).get();
  if (!user) throw notFound("User not found");
  if (!(await verifyPassword(change.currentPassword, user.passwordHash))) {
    throw invalid("currentPassword", "currentPassword is not your current password");
  }
  checkChosenPassword("newPassword", change.newPassword, user.email);
  // A one-time password was seen by whoever handed it over: keeping it would keep it known.
  if (change.newPassword === change.currentPassword) throw invalid("newPassword", "newPassword must differ from the current password");

  const passwordHash = await hashPassword(change.newPassword);
  const [updated] = inTransaction(db, () => {
    endOtherSessions(db, user.id, change.sessionToken);
    const actor = { userId: user.id, name: user.name, source: "user" as const };
    announceChange(db, { type: "user_changed", userId: user.id, userName: user.name, action: "password_changed", changes: [maskedChange("password", true)], actor, at: new Date() });
    return db.update(users).set({ passwordHash, mustChangePassword: false, updatedAt: new Date() }).where(eq(users.id, user.id)).returning().all();
  });
  return toPublicUser(updated!);
}
