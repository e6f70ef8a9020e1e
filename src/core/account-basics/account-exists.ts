import { eq } from "drizzle-orm";
import type { CrmQueries } from "../database/open.ts";
import { accounts } from "../database/schema.ts";
import { notFound } from "../errors.ts";

/** Refuses work on an account that does not exist, with the 404 every account route answers. */
export function assertAccountExists(db: CrmQueries, accountId: number): void {
  if (!db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).get()) throw notFound("Account not found");
}
