import type { AccountSummary } from "../../core/accounts/account-list.ts";
import { centsToDollars } from "../../core/import/money.ts";

/** An account as the dashboard receives it: dollars, ISO times. */
export function toAccountJson(account: AccountSummary) {
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    domain: account.domain,
    phone: account.phone,
    createdAt: account.createdAt.toISOString(),
    listType: account.listType,
    listPinned: account.listPinned,
    isNew: account.isNew,
    orderCount: account.orderCount,
    totalOrderValue: centsToDollars(account.totalOrderCents),
    lastOrderDate: account.lastOrderAt?.toISOString() ?? null,
    firstOrderDate: account.firstOrderAt?.toISOString() ?? null,
    primaryContact: account.primaryContact,
    ownerUserId: account.ownerUserId,
    hasDuplicate: account.hasDuplicate,
  };
}
