import { afterEach, beforeEach } from "bun:test";
import type { CrmDatabase } from "../core/database/open.ts";
import { createUser } from "../core/users/users.ts";
import { temporaryDatabase } from "./temporary-database.ts";

/** A team of two, as tests of who gets what need: Ann, an administrator, and Bob, in sales. Answers their ids. */
export async function createTeamOfTwo(db: CrmDatabase): Promise<{ ann: number; bob: number }> {
  const ann = (await createUser(db, { email: "ann@example.com", name: "Ann", role: "admin", password: "staff-password-1" })).user.id;
  const bob = (await createUser(db, { email: "bob@example.com", name: "Bob", role: "sales", password: "staff-password-1" })).user.id;
  return { ann, bob };
}

/**
 * A fresh temporary database with a team of two (see createTeamOfTwo) for each test of the enclosing
 * `describe`, disposed after it. The fields are replaced before every test: read them inside tests.
 */
export function useDatabaseWithTeamOfTwo() {
  const context = {} as { database: ReturnType<typeof temporaryDatabase>; ann: number; bob: number };
  beforeEach(async () => {
    context.database = temporaryDatabase();
    Object.assign(context, await createTeamOfTwo(context.database.db));
  });
  afterEach(() => context.database.dispose());
  return context;
}
