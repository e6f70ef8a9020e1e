import { createAccount } from "../core/accounts/accounts.ts";
import { accountIdForEmail } from "../core/account-basics/aliases.ts";
import { COMMAND_LINE } from "../core/changes/actor.ts";
import type { CrmDatabase } from "../core/database/open.ts";
import { recordOrders } from "../core/orders/record-orders.ts";
import { createUser } from "../core/users/users.ts";
import { incomingOrder, SEEDED_DELIVERY } from "./seed.ts";

/** An order as the merge tests write them: number, placed at (ISO), total in dollars. */
export type RiversideOrder = [number: string, placedAt: string, total: number];

/**
 * What the merge tests start from: one clinic under four accounts. The target and `first` come from
 * orders (Riverside Clinic, Jane Roe), `second` and `other` were added by hand, `other` sharing `first`'s
 * e-mail domain; and a sales user to own and be assigned things.
 */
export async function riversideAccounts(db: CrmDatabase, billingOrders: RiversideOrder[]) {
  const { user } = await createUser(db, { email: "owner@example.com", name: "Owner", role: "sales", password: "correct horse battery" });
  recordRiversideOrders(db, "front@riverside.org", [["T1", "2026-01-10T12:00:00Z", 100], ["T2", "2026-03-01T12:00:00Z", 50]]);
  recordRiversideOrders(db, "billing@riverside-billing.com", billingOrders);
  const target = accountIdForEmail(db, "front@riverside.org")!;
  const first = accountIdForEmail(db, "billing@riverside-billing.com")!;
  const second = createAccount(db, { name: "Riverside Clinic LLC", phone: "(404) 555-0100" }, COMMAND_LINE).id;
  const other = createAccount(db, { name: "Billing Partners", email: "ap@riverside-billing.com" }, COMMAND_LINE).id;
  return { user, ids: { target, first, second, other } };
}

/** Orders for one customer, as ShipStation names the clinic on each. */
export function recordRiversideOrders(db: CrmDatabase, email: string, orders: RiversideOrder[]): void {
  recordOrders(db, (recorder) => {
    for (const [number, placedAt, total] of orders) recorder.record(incomingOrder(email, { number, placedAt, total }, { company: "Riverside Clinic", contactName: "Jane Roe" }));
  }, { delivery: SEEDED_DELIVERY });
}
