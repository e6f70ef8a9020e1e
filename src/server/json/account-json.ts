import type { AccountDetail as StoredAccountDetail } from "../../core/accounts/account-detail.ts";
import { plainAccountFields, type AccountSummary } from "../../core/accounts/account-list.ts";
import { centsToDollars } from "../../core/money/money.ts";
import type { Account, AccountDetail } from "../../contracts/accounts.ts";
import { toContactJson } from "./contact-json.ts";
import { toOrderJson } from "./order-json.ts";

/** An account as the API answers it: dollars, ISO times. */
export function toAccountJson(account: AccountSummary): Account {
  return {
    ...plainAccountFields(account),
    createdAt: account.createdAt.toISOString(),
    isNew: account.isNew,
    totalOrderValue: centsToDollars(account.totalOrderCents),
    lastOrderDate: account.lastOrderAt?.toISOString() ?? null,
    firstOrderDate: account.firstOrderAt?.toISOString() ?? null,
    primaryContact: account.primaryContact,
    hasDuplicate: account.hasDuplicate,
  };
}

/** The account screen's answer: the account with its contacts, newest orders, rhythm and when it last e-mailed. */
export function toAccountDetailJson({ contacts, orders, reorder, lastEmailedAt, ...account }: StoredAccountDetail): AccountDetail {
  return { ...toAccountJson(account), contacts: contacts.map(toContactJson), orders: orders.map(toOrderJson), reorder, lastEmailedAt: lastEmailedAt?.toISOString() ?? null };
}
