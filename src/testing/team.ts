import type { CrmDatabase } from "../core/database/open.ts";
import { createUser } from "../core/users/users.ts";

/** A team of two, as tests of who gets what need: Ann, an administrator, and Bob, in sales. Answers their ids. */
export async function createTeamOfTwo(db: CrmDatabase): Promise<{ ann: number; bob: number }> {
  const ann = (await createUser(db, { email: "ann@example.com", name: "Ann", role: "admin", password: "password123" })).user.id;
  const bob = (await createUser(db, { email: "bob@example.com", name: "Bob", role: "sales", password: "password123" })).user.id;
  return { ann, bob };
}
