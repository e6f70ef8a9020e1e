import { eq, sql } from "drizzle-orm";
import type { CrmDatabase } from "../database/open.ts";
import { preparedOnce } from "../database/prepared.ts";
import { accounts } from "../database/schema.ts";
import { notFound } from "../errors.ts";

/**
 * Refuses work on an account that does not exist, with the 404 every account route answers. Asked by
 * every read of an account's tabs: prepared once, as building the query cost ten times its run.
 */
export function assertAccountExists(db: CrmDatabase, accountId: number): void {
  const exists = preparedOnce(db, "accountExists", () =>
    db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, sql.placeholder("accountId"))).prepare(),
  );
  if (!exists.get({ accountId })) throw notFound("Account not found");
}
