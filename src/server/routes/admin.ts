import { Elysia } from "elysia";
import { clearAllCustomerData } from "../../core/accounts/accounts.ts";
import type { ServerContext } from "../context.ts";
import { sessionGuard } from "../middleware/session.ts";

export function adminRoutes(context: ServerContext) {
  return new Elysia({ prefix: "/api/admin" }).use(sessionGuard(context)).delete(
    "/clear-all-data",
    () => {
      clearAllCustomerData(context.db);
      return { message: "All account data has been cleared" };
    },
    { adminOnly: true },
  );
}
