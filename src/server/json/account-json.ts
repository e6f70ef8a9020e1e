import type { AccountDetail as StoredAccountDetail } from "../../core/accounts/account-detail.ts";
import type { AccountSummary } from "../../core/accounts/account-list.ts";
import { centsToDollars } from "../../core/money/money.ts";
import type { Account, AccountDetail } from "../../contracts/accounts.ts";
import { toContactJson } from "./contact-json.ts";
import { toOrderJson } from "./order-json.ts";

/** An account as the API answers it: dollars, ISO times. */
export function toAccountJson(account: AccountSummary): Account {
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

/** The account screen's answer: the account with its contacts, newest orders and rhythm. */
export function toAccountDetailJson({ contacts, orders, reorder, ...account }: StoredAccountDetail): AccountDetail {
  return { ...toAccountJson(account), contacts: contacts.map(toContactJson), orders: orders.map(toOrderJson), reorder };
}
